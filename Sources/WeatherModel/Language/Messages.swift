/// Everything weather2mqtt and weatherview say in one language: one value per language in
/// `Tables/`, all with every field (the compiler checks that none is missing).
///
/// Texts with `{name}` placeholders are filled by `fill(_:_:)`; each keeps the placeholders of
/// the English text (checked by the tests). Labels are as short as a table cell allows.
public struct Messages: Sendable, Equatable {
    /// The language's own name (`Deutsch`).
    public var languageName: String

    // MARK: Conditions (a payload's `summary` when the provider gave none in this language)

    public var sunny: String
    public var clearNight: String
    public var partlyCloudy: String
    public var cloudy: String
    public var fog: String
    public var rainy: String
    public var pouring: String
    public var snowy: String
    public var snowyRainy: String
    public var hail: String
    public var lightning: String
    public var lightningRainy: String
    public var windy: String
    public var windyVariant: String
    public var exceptional: String

    // MARK: Calendar

    /// Seven names, Sunday first.
    public var weekdays: [String]
    /// Seven short names, Sunday first (`Sun`).
    public var shortWeekdays: [String]
    /// Twelve short month names, January first.
    public var shortMonths: [String]
    /// A date in a header: `{weekday}` short weekday, `{day}`, `{month}` short month name,
    /// `{monthNumber}` (`Sat 7 Feb`).
    public var shortDate: String
    /// The hour that contains now.
    public var now: String
    public var today: String
    /// `Today` where a short weekday would stand (the days of an e-ink frame).
    public var todayShort: String
    public var tomorrow: String
    /// `Tomorrow` where a short weekday would stand.
    public var tomorrowShort: String
    /// After the time on a 12-hour clock (used where `Language.usesTwelveHourClock`).
    public var am: String
    public var pm: String

    // MARK: Age of the data

    /// `as of {time}`.
    public var asOf: String
    /// `{age} old`.
    public var old: String
    /// The word on a badge for data an hour old or more (shown in capitals).
    public var oldBadge: String
    /// Data past its expiry (`stale`; capitals on a badge).
    public var stale: String
    public var justNow: String
    public var minutes: String
    public var hours: String
    public var days: String
    /// Before the reasons in the terminal's warning line (`Stale`).
    public var staleHeading: String
    public var reasonStale: String
    public var reasonError: String
    /// `expired at {time}`.
    public var expiredAt: String
    public var noCurrentReading: String
    public var waiting: String

    // MARK: Current conditions

    public var feelsLike: String
    public var humidity: String
    public var wind: String
    public var dewPoint: String
    public var pressure: String
    public var gusts: String
    public var precipitation: String
    public var uvIndex: String
    public var cloudCover: String
    public var sunrise: String
    public var sunset: String
    public var visibility: String
    /// `{value} chance` (of precipitation).
    public var chance: String
    /// What falls: after an amount (`0.4 mm/h rain`).
    public var rain: String
    public var snow: String
    public var sleet: String
    public var hailFalling: String
    /// Before the nowcast's sentence in `show` (`Nowcast`: what falls in the next hour or two).
    public var nowcastLabel: String
    /// Before the air quality in `show` (`Air`).
    public var airLabel: String
    /// The nowcast's sentence (SPEC §4 `nowcast.summary`): `{span}` is the window (`nowcastOneHour`
    /// for 60 minutes, `hourCount` for whole hours, else minutes), `{minutes}` and `{duration}`
    /// durations, `{what}` the precipitation (`nowcastWhat`: `{strength}` and `{type}`, or the
    /// type alone where the provider gives no rate).
    public var nowcastDry: String
    public var nowcastOneHour: String
    public var nowcastContinuing: String
    public var nowcastStopping: String
    public var nowcastStarting: String
    public var nowcastStartingAtLeast: String
    public var nowcastWhat: String
    /// Below 2.5 mm/h, below 7.6 mm/h, and above (the US NWS limits).
    public var nowcastLight: String
    public var nowcastModerate: String
    public var nowcastHeavy: String
    /// What falls when the provider does not say.
    public var nowcastPrecipitation: String

    // MARK: Tables

    public var hoursHeading: String
    /// The temperature row of the hours table (`Temp`).
    public var temperatureRow: String
    public var daysHeading: String
    public var high: String
    public var low: String
    /// Precipitation probability column (`Prob`).
    public var probability: String

    // MARK: Alerts

    public var extreme: String
    public var severe: String
    public var moderate: String
    public var minor: String
    public var unknownSeverity: String
    /// `from {time}`.
    public var from: String
    /// `until {time}`.
    public var until: String
    /// `and 1 more alert`.
    public var oneMoreAlert: String
    /// `and {n} more alerts`.
    public var moreAlerts: String
    /// `via {provider}`.
    public var via: String

    // MARK: weatherview watch

    public var none: String
    /// Before the apparent temperature (`feels 3°C`).
    public var feels: String
    /// Before a humidity (`humidity 80%`).
    public var humidityWord: String
    /// Before a wind speed (`wind 12 km/h`).
    public var windWord: String
    /// `{n} hours`.
    public var hourCount: String
    /// `from {time}`: the first hour of a forecast.
    public var startingAt: String
    /// `next 24 h {low} to {high}`.
    public var next24Hours: String
    /// `precipitation up to {value}`.
    public var precipitationUpTo: String
    public var noDaysAhead: String

    // MARK: E-ink frames

    /// `{value} humidity`.
    public var humidityValue: String
    /// The title of the overview frame.
    public var weather: String
    public var noLocations: String
    /// `+{n} more` (alerts).
    public var more: String
}

extension Messages {
    /// `template` with each `{name}` replaced by its value.
    public static func fill(_ template: String, _ values: [(String, String)]) -> String {
        if let filled = fillASCII(template, values) { return filled }
        var result = template
        for (name, value) in values {
            result = result.replacingAll("{" + name + "}", with: value)
        }
        return result
    }

    /// `fill` in one pass over the bytes, for the usual case where that gives the same text as
    /// replacing name after name: ASCII throughout (so bytes are characters), no brace in a
    /// value (so no replacement makes another placeholder) and none inside a placeholder.
    /// `nil` otherwise.
    private static func fillASCII(_ template: String, _ values: [(String, String)]) -> String? {
        let open = UInt8(ascii: "{")
        let close = UInt8(ascii: "}")
        for (name, value) in values {
            guard name.utf8.allSatisfy({ $0 < 0x80 && $0 != open && $0 != close }),
                value.utf8.allSatisfy({ $0 < 0x80 && $0 != open && $0 != close })
            else { return nil }
        }
        let bytes = Array(template.utf8)
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 32)
        var index = 0
        while index < bytes.count {
            guard bytes[index] == open, let end = bytes[(index + 1)...].firstIndex(of: close) else {
                result.append(bytes[index])
                index += 1
                continue
            }
            let name = bytes[(index + 1)..<end]
            guard !name.contains(open) else { return nil }
            if let value = values.first(where: { $0.0.utf8.elementsEqual(name) })?.1 {
                result.append(contentsOf: value.utf8)
                index = end + 1
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// The text for a condition.
    public func condition(_ condition: Condition) -> String {
        switch condition {
        case .sunny: sunny
        case .clearNight: clearNight
        case .partlyCloudy: partlyCloudy
        case .cloudy: cloudy
        case .fog: fog
        case .rainy: rainy
        case .pouring: pouring
        case .snowy: snowy
        case .snowyRainy: snowyRainy
        case .hail: hail
        case .lightning: lightning
        case .lightningRainy: lightningRainy
        case .windy: windy
        case .windyVariant: windyVariant
        case .exceptional: exceptional
        }
    }

    /// What falls, as a word.
    public func precipitation(_ type: PrecipitationType) -> String {
        switch type {
        case .rain: rain
        case .snow: snow
        case .sleet: sleet
        case .hail: hailFalling
        }
    }

    /// An alert's severity, as a word.
    public func severity(_ severity: AlertSeverity) -> String {
        switch severity {
        case .extreme: extreme
        case .severe: severe
        case .moderate: moderate
        case .minor: minor
        case .unknown: unknownSeverity
        }
    }

    /// Every text of the table with its field name, for checks over all languages.
    public var allTexts: [(name: String, text: String)] {
        var result: [(name: String, text: String)] = []
        for child in Mirror(reflecting: self).children {
            guard let name = child.label else { continue }
            if let text = child.value as? String {
                result.append((name, text))
            } else if let texts = child.value as? [String] {
                result += texts.enumerated().map { (name + "[\($0.offset)]", $0.element) }
            }
        }
        return result
    }
}
