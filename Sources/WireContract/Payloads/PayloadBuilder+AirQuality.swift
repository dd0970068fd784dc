import FoundationEssentials
import WeatherModel

extension PayloadBuilder {
    /// The `air_quality` payload (SPEC §4): the sample for now, the 24 whole hours before the one
    /// containing `now` (as far as the answer has them), the hours from the one containing `now`
    /// (up to `hourLimit`), and each local day's maxima (up to `dayLimit`).
    /// Every field key is present in every entry; a value the provider does not have is `null`.
    public func airQuality(_ air: AirQuality, now: Date) -> JSONValue {
        var object = envelope()
        object.appendUnchecked("source", .string(air.source))
        object.appendUnchecked("provider_index_scale", JSONValue(air.providerIndexScale))
        object.appendUnchecked("current", air.sample(at: now).map { .object(sampleObject($0, key: "time")) } ?? .null)
        object.appendUnchecked(
            "past_hours", .array(air.pastHours(before: now).map { .object(sampleObject($0, key: "time")) }))
        let hours = air.hours.filter { $0.time.addingTimeInterval(3600) > now }.prefix(max(0, hourLimit))
        object.appendUnchecked("hours", .array(hours.map { .object(sampleObject($0, key: "time")) }))
        let days = air.dailyMaxima(zone: zone, from: now).prefix(max(0, dayLimit))
        object.appendUnchecked(
            "days",
            .array(
                days.map { day in
                    var entry = sampleObject(day.maxima, key: "date")
                    entry["date"] = .string(day.date.description)
                    return .object(entry)
                }))
        return .object(object)
    }

    private func sampleObject(_ sample: AirQualitySample, key: String) -> JSONObject {
        var entry = JSONObject()
        entry.appendUnchecked(key, .string(ISO8601.string(sample.time, in: zone)))
        for field in AirQualityField.allCases {
            entry.appendUnchecked(
                field.rawValue, JSONValue(sample[field].map { rounded(max(0, $0), decimals: field.decimals) }))
        }
        entry.appendUnchecked("provider_index", JSONValue(sample.providerIndex.map { rounded($0, decimals: 0) }))
        return entry
    }
}
