import FoundationEssentials
import WeatherModel
import WireContract

/// `weatherview watch`: one plain line per update, saying what changed.
public enum WatchLine {
    /// The line for an update of `kind` of the location whose payloads (after the update)
    /// make `model`.
    public static func render(_ kind: LocationTopic, model: WeatherViewModel, glyphs: GlyphSet) -> String {
        let format = ValueFormatter(units: model.units, asciiOnly: glyphs.isASCII)
        let words = model.language.messages
        let dash = "-"
        var text = model.location.id + " " + kind.rawValue + ": "
        switch kind {
        case .current:
            guard let values = model.current?.values else { return text + words.none }
            // A value the user's station supplied carries the mark, as in `show`.
            func marked(_ value: String?, _ field: String) -> String? {
                value.map { model.stationFields[field] != nil ? $0 + WeatherViewModel.stationMark : $0 }
            }
            var parts = [marked(format.temperature(values.temperature), "temperature") ?? dash]
            if let summary = model.summary(values.summary, values.condition) {
                parts[0] += " " + summary
            }
            if let feels = marked(format.temperature(values.apparentTemperature), "apparent_temperature") {
                parts.append(words.feels + " " + feels)
            }
            if let humidity = marked(format.percent(values.humidity), "humidity") {
                parts.append(words.humidityWord + " " + humidity)
            }
            if let wind = marked(format.speed(values.windSpeed), "wind_speed") {
                parts.append(words.windWord + " " + wind + (values.windDirection.map { " " + $0 } ?? ""))
            }
            text += parts.joined(separator: ", ")
        case .hourly:
            let temperatures = model.hours.prefix(24).compactMap(\.values.temperature)
            text += Messages.fill(words.hourCount, [("n", String(model.hours.count))])
            if let first = model.hours.first { text += " " + Messages.fill(words.startingAt, [("time", first.label)]) }
            if let low = temperatures.min(), let high = temperatures.max() {
                text +=
                    ", "
                    + Messages.fill(
                        words.next24Hours,
                        [
                            ("low", format.temperature(low, decimals: 0) ?? dash),
                            ("high", format.temperature(high, decimals: 0) ?? dash),
                        ])
            }
            if let chance = model.hours.prefix(24).compactMap(\.values.precipitationProbability).max() {
                text += ", " + Messages.fill(words.precipitationUpTo, [("value", format.percent(chance) ?? dash)])
            }
        case .daily:
            text += model.days.prefix(3).map { day in
                day.label + " " + (format.temperature(day.temperatureMax, decimals: 0) ?? dash) + "/"
                    + (format.temperature(day.temperatureMin, decimals: 0) ?? dash)
            }.joined(separator: ", ")
            if model.days.isEmpty { text += words.noDaysAhead }
        case .alerts:
            if model.alerts.isEmpty { return text + words.none }
            text += model.alerts.map { $0.title + " (" + $0.severity.rawValue + ")" }.joined(separator: "; ")
        case .status:
            guard let status = model.status else { return text + words.none }
            text += status.state.rawValue
            if let provider = status.provider { text += " " + Messages.fill(words.via, [("provider", provider)]) }
            if let error = status.lastError, status.state != .ok { text += ": " + error }
            return TerminalText.clean(text)
        case .nowcast:
            text += model.nowcastSummary ?? "none"
        case .outlook:
            guard let low = format.temperature(model.tonightLow) else { return text + "none" }
            text += "tonight low " + low + (model.freezesTonight == true ? ", freezing" : "")
        case .airQuality:
            let parts = [
                model.europeanAQI.map { "European AQI \(Int($0))" }, model.usAQI.map { "US AQI \(Int($0))" },
            ].compactMap { $0 }
            text += parts.isEmpty ? "none" : parts.joined(separator: ", ")
        }
        if kind != .alerts, !model.freshness.text.isEmpty { text += " (" + model.freshness.text + ")" }
        return TerminalText.clean(text)
    }
}

extension WatchLine {
    /// The line for a warning event: `munich alert new: Severe · Severe gale gusts · until
    /// Sun 6:00 PM · Warnings: Deutscher Wetterdienst (4:15 PM)` — what changed, how severe,
    /// which warning, when it applies and whose it is (in the location's zone, at `now`),
    /// then when the bridge saw the change.
    public static func alertEvent(
        _ event: AlertEventMessage, now: Date, language: Language, glyphs: GlyphSet
    ) -> String {
        let separator = glyphs.isASCII ? " - " : " · "
        let alert = event.alert
        var parts = [language.messages.severity(alert.severity), alert.title]
        if let validity = alert.validity(in: event.zone, now: now, language: language) { parts.append(validity) }
        if let credit = alert.attribution ?? alert.sender { parts.append(credit) }
        let at = LocalTime.moment(event.at, in: event.zone, today: event.zone.localDate(now), language: language)
        let head = event.location.id + " alert " + event.change.rawValue + ": "
        let body: String = parts.map(TerminalText.clean).joined(separator: separator)
        return TerminalText.clean(head + body + " (" + at + ")")
    }
}
