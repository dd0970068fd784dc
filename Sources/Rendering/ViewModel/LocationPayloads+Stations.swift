import WeatherModel
import WireContract

/// Which of `current`'s values the user's stations supplied (its `sources`, SPEC §4 "Stations").
extension LocationPayloads {
    /// Field → source (`station:roof`) for every field of the `current` payload `json` that a
    /// station supplied; empty without a station.
    public static func stationFields(of json: JSONValue?) -> [String: String] {
        var fields: [String: String] = [:]
        for (field, source) in json?["sources"]?.object ?? JSONObject() {
            if let source = source.string, CurrentOverlay.station(inSource: source) != nil { fields[field] = source }
        }
        return fields
    }

    /// The ids of the stations that supplied a value of the `current` payload `json`, sorted.
    public static func stations(of json: JSONValue?) -> [String] {
        Set(stationFields(of: json).values.compactMap(CurrentOverlay.station(inSource:))).sorted()
    }
}
