/// Home Assistant's weather conditions, the only vocabulary in a payload's `condition`.
public enum Condition: String, Sendable, CaseIterable {
    case sunny
    case clearNight = "clear-night"
    case partlyCloudy = "partlycloudy"
    case cloudy
    case fog
    case rainy
    case pouring
    case snowy
    case snowyRainy = "snowy-rainy"
    case hail
    case lightning
    case lightningRainy = "lightning-rainy"
    case windy
    case windyVariant = "windy-variant"
    case exceptional

    /// Day/night-correct: a clear sky is `sunny` by day and `clear-night` by night.
    public func adjusted(isDay: Bool?) -> Condition {
        switch (self, isDay) {
        case (.sunny, false): .clearNight
        case (.clearNight, true): .sunny
        default: self
        }
    }

    /// Short English text for the condition, where the provider gave none
    /// (`summary(in:)` for other languages; the words are in `Messages.english`).
    public var summary: String { summary(in: .en) }
}

/// What falls from the sky; `nil` in a reading when nothing does.
public enum PrecipitationType: String, Sendable, CaseIterable {
    case rain, snow, sleet, hail
}

/// How serious an alert is.
public enum AlertSeverity: String, Sendable, CaseIterable {
    case extreme, severe, moderate, minor, unknown

    /// Reads CAP and provider spellings (`Severe`, `warning`, `advisory`, …).
    public init(parsing text: String?) {
        switch text?.lowercased() ?? "" {
        case "extreme", "red": self = .extreme
        case "severe", "warning", "orange": self = .severe
        case "moderate", "watch", "yellow": self = .moderate
        case "minor", "advisory", "green": self = .minor
        default: self = .unknown
        }
    }
}
