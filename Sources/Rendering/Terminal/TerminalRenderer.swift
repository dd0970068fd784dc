import FoundationEssentials
import WeatherModel

/// `weatherview show`: the weather of one location as about 25 lines of terminal text.
///
/// Header (name, condition, "as of"/age, a stale warning), current conditions, the next
/// hours as a compact table, the next days, alerts, and the data's attribution. Pure:
/// the same view model and options always give the same text.
public struct TerminalRenderer: Sendable {
    public var options: TerminalOptions

    public init(options: TerminalOptions = TerminalOptions()) {
        self.options = options
    }

    public func render(_ model: WeatherViewModel) -> String {
        var context = Context(model: model, options: options)
        context.header()
        context.currentGrid()
        context.nowcastAndAir()
        context.hourTable()
        context.dayTable()
        context.alertList()
        context.footer()
        return context.lines.joined(separator: "\n") + "\n"
    }

    /// What the sections share while drawing.
    struct Context {
        let model: WeatherViewModel
        let options: TerminalOptions
        let format: ValueFormatter
        let glyphs: GlyphSet
        /// The words of the model's language.
        let words: Messages
        var lines: [String] = []

        init(model: WeatherViewModel, options: TerminalOptions) {
            self.model = model
            self.options = options
            glyphs = options.glyphs
            words = model.language.messages
            format = ValueFormatter(units: model.units, asciiOnly: options.glyphs.isASCII)
        }

        var dash: String { glyphs.isASCII ? "-" : "–" }
        var ellipsis: String { glyphs.isASCII ? "..." : "…" }
        var separator: String { glyphs.isASCII ? " - " : " · " }

        func line() -> TerminalLine { TerminalLine(color: options.color) }

        mutating func emit(_ line: TerminalLine) { lines.append(line.finished) }

        mutating func blank() {
            if let last = lines.last, !last.isEmpty { lines.append("") }
        }

        /// Payload text made safe and short enough.
        func text(_ raw: String?, max cells: Int) -> String {
            TerminalText.truncate(TerminalText.clean(raw ?? ""), to: max(cells, 1), ellipsis: ellipsis)
        }

        /// The other temperature unit for `--both-units`.
        var secondUnit: TemperatureUnit? {
            guard options.bothUnits else { return nil }
            return model.units.temperature == .fahrenheit ? .celsius : .fahrenheit
        }

        /// `8.5°C`, or `8.5°C / 47.3°F` with both units.
        func temperature(_ celsius: Double?, decimals: Int = 1) -> String? {
            guard let first = format.temperature(celsius, decimals: decimals) else { return nil }
            guard let secondUnit, let second = format.temperature(celsius, in: secondUnit, decimals: decimals) else {
                return first
            }
            return first + " / " + second
        }

        func temperatureStyle(_ celsius: Double?) -> ANSIStyle? {
            celsius.map(ANSIStyle.temperature)
        }

        /// A condition's text (`WeatherViewModel.summary`).
        func summary(_ text: String?, _ condition: Condition?) -> String? {
            model.summary(text, condition)
        }

        func glyphStyle(_ condition: Condition?) -> ANSIStyle? {
            switch condition {
            case .sunny: .yellow
            case .clearNight: .blue
            case .rainy, .pouring, .snowyRainy: .brightBlue
            case .snowy, .hail: .cyan
            case .lightning, .lightningRainy, .exceptional: .magenta
            default: nil
            }
        }

        func clock(_ date: Date?) -> String? {
            date.map { LocalTime.clock($0, in: model.zone, language: model.language) }
        }
    }
}
