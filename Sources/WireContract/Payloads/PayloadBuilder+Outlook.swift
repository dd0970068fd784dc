import FoundationEssentials
import WeatherModel

extension PayloadBuilder {
    /// The `outlook` payload (SPEC §4): tonight's low and whether it freezes, today's (the rest
    /// of it) and tomorrow's rain, and the next 24 hours' high and low, in the configured units.
    public func outlook(_ forecast: Forecast, now: Date) -> JSONValue {
        let outlook = Outlook(
            forecast: forecast, zone: zone, latitude: location.latitude, longitude: location.longitude, now: now)
        var object = envelope()
        func time(_ date: Date) -> JSONValue { .string(ISO8601.string(date, in: zone)) }
        object.appendUnchecked(
            "tonight",
            outlook.tonight.map { night in
                [
                    "from": time(night.from), "until": time(night.until),
                    "low": JSONValue(units.temperature(night.low)), "freezes": JSONValue(night.freezes),
                ]
            } ?? .null)
        func day(_ rain: Outlook.DayRain) -> JSONValue {
            [
                "date": .string(rain.date.description),
                "precipitation": JSONValue(units.precipitation(rain.precipitation.map { max(0, $0) })),
                "precipitation_probability_max": JSONValue(percent(rain.probabilityMax)),
                "precipitation_hours": JSONValue(rain.wetHours),
            ]
        }
        object.appendUnchecked("today", day(outlook.today))
        object.appendUnchecked("tomorrow", day(outlook.tomorrow))
        object.appendUnchecked(
            "next_24h",
            [
                "high": JSONValue(units.temperature(outlook.next24High)),
                "low": JSONValue(units.temperature(outlook.next24Low)),
            ])
        return .object(object)
    }
}
