import FoundationEssentials
import WeatherModel

/// `weatherview show --format TEMPLATE`: one line for status bars from placeholders.
///
/// `{temp}` `{feels}` `{dew}` temperature with unit · `{glyph}` condition glyph · `{condition}`
/// condition text · `{code}` condition code (`partlycloudy`) · `{humidity}` `{pop}` `{clouds}`
/// percent · `{wind}` speed and direction · `{gust}` · `{pressure}` · `{precip}` intensity ·
/// `{uv}` · `{max}` `{min}` today's high and low · `{sunrise}` `{sunset}` · `{age}` age of the
/// data (`12 min`) · `{asof}` its time (`14:05`) · `{freshness}` (`as of 14:05`, `2 h old`,
/// `stale, 2 h old`) · `{stale}` `stale` or nothing · `{location}` name · `{id}` location id ·
/// `{provider}` · `{{` and `}}` literal braces. A value that is not known prints as `-`.
/// `{pop}` and `{glyph}` fall back to the hour that contains now when the current reading
/// has no precipitation chance or condition.
public struct StatusLineTemplate: Sendable, Equatable {
    /// Every placeholder, in the order of the documentation.
    public static let placeholders = [
        "temp", "feels", "dew", "glyph", "condition", "code", "humidity", "pop", "clouds", "wind", "gust",
        "pressure", "precip", "uv", "max", "min", "sunrise", "sunset", "age", "asof", "freshness", "stale",
        "location", "id", "provider",
    ]

    enum Piece: Equatable {
        case literal(String)
        case placeholder(String)
    }

    let pieces: [Piece]

    /// Parses `template`; an unknown placeholder or an unclosed `{` is an error naming it.
    public init(_ template: String) throws(StatusLineTemplateError) {
        var pieces: [Piece] = []
        var literal = ""
        var index = template.startIndex
        while index < template.endIndex {
            let character = template[index]
            let next = template.index(after: index)
            if character == "{" {
                if next < template.endIndex, template[next] == "{" {
                    literal.append("{")
                    index = template.index(after: next)
                    continue
                }
                guard let close = template[next...].firstIndex(of: "}") else {
                    throw StatusLineTemplateError(message: "unclosed '{' in the format")
                }
                let name = String(template[next..<close])
                guard Self.placeholders.contains(name) else {
                    throw StatusLineTemplateError(
                        message: "unknown placeholder {\(name.prefix(40))}; known: "
                            + Self.placeholders.map { "{\($0)}" }.joined(separator: " "))
                }
                if !literal.isEmpty { pieces.append(.literal(literal)) }
                literal = ""
                pieces.append(.placeholder(name))
                index = template.index(after: close)
                continue
            }
            if character == "}", next < template.endIndex, template[next] == "}" {
                literal.append("}")
                index = template.index(after: next)
                continue
            }
            literal.append(character)
            index = next
        }
        if !literal.isEmpty { pieces.append(.literal(literal)) }
        self.pieces = pieces
    }

    /// The line for `model` (without a line break), drawn with `glyphs`.
    public func render(_ model: WeatherViewModel, glyphs: GlyphSet, bothUnits: Bool = false) -> String {
        var line = ""
        for piece in pieces {
            switch piece {
            case .literal(let text): line += text
            case .placeholder(let name): line += value(name, model, glyphs: glyphs, bothUnits: bothUnits) ?? "-"
            }
        }
        return TerminalText.clean(line)
    }

    func value(_ name: String, _ model: WeatherViewModel, glyphs: GlyphSet, bothUnits: Bool) -> String? {
        let format = ValueFormatter(units: model.units, asciiOnly: glyphs.isASCII)
        let current = model.current?.values
        let hour = model.hours.first?.values
        let today = model.todayForecast
        func temperature(_ celsius: Double?) -> String? {
            guard let first = format.temperature(celsius) else { return nil }
            guard bothUnits else { return first }
            let other: TemperatureUnit = model.units.temperature == .fahrenheit ? .celsius : .fahrenheit
            return format.temperature(celsius, in: other).map { first + " / " + $0 } ?? first
        }
        func clock(_ date: Date) -> String { LocalTime.clock(date, in: model.zone, language: model.language) }
        switch name {
        case "temp": return temperature(current?.temperature)
        case "feels": return temperature(current?.apparentTemperature)
        case "dew": return temperature(current?.dewPoint)
        case "glyph":
            let condition = current?.condition ?? hour?.condition
            guard condition != nil else { return nil }
            return glyphs.glyph(for: condition, isDay: current?.isDay ?? hour?.isDay).text
        case "condition":
            return model.summary(current?.summary, current?.condition).map(TerminalText.clean)
        case "code": return current?.condition?.rawValue
        case "humidity": return format.percent(current?.humidity)
        case "pop": return format.percent(current?.precipitationProbability ?? hour?.precipitationProbability)
        case "clouds": return format.percent(current?.cloudCoverage)
        case "wind":
            guard let speed = format.speed(current?.windSpeed) else { return nil }
            return current?.windDirection.map { speed + " " + TerminalText.clean($0) } ?? speed
        case "gust": return format.speed(current?.windGust)
        case "pressure": return format.pressure(current?.pressure)
        case "precip": return format.precipitation(current?.precipitation, perHour: true)
        case "uv": return format.index(current?.uvIndex)
        case "max": return temperature(today?.temperatureMax)
        case "min": return temperature(today?.temperatureMin)
        case "sunrise": return (model.current?.sunrise ?? today?.sunrise).map(clock)
        case "sunset": return (model.current?.sunset ?? today?.sunset).map(clock)
        case "age": return model.freshness.age == nil ? nil : model.freshness.ageText
        case "asof": return model.freshness.asOf.map(clock)
        case "freshness": return model.freshness.text.isEmpty ? nil : model.freshness.text
        case "stale": return model.freshness.isStale ? model.language.messages.stale : ""
        case "location": return TerminalText.clean(model.location.name)
        case "id": return model.location.id
        case "provider": return model.provider.map(TerminalText.clean)
        default: return nil
        }
    }
}

/// A `--format` template that cannot be used (exit 64).
public struct StatusLineTemplateError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
