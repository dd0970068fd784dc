import FoundationEssentials
import WeatherModel

extension MetNo {
    /// The Nowcast 2.0 endpoint (`/weatherapi/nowcast/2.0/complete`): 5-minute radar steps,
    /// Nordic area only.
    public static let nowcastPath = "/weatherapi/nowcast/2.0/complete"

    /// Whether a point is in the area Nowcast 2.0 serves (the Nordic radar composite, roughly
    /// 54–72° N and 3° W–33° E); the service answers 422 elsewhere, so it is not asked there.
    public static func nowcastCovers(latitude: Double, longitude: Double) -> Bool {
        (54...72).contains(latitude) && (-3...33).contains(longitude)
    }

    /// The Nowcast request for a point.
    public static func nowcastRequest(baseURL: String, latitude: Double, longitude: Double, userAgent: String)
        -> ProviderRequest
    {
        let query = ProviderQuery(latitude: latitude, longitude: longitude)
        return ProviderRequest(
            url: ProviderCatalog.trimmedBaseURL(baseURL) + nowcastPath + "?lat=" + query.latitudeText + "&lon="
                + query.longitudeText,
            headers: [("User-Agent", userAgent), ("Accept", "application/json")])
    }

    /// Decodes a Nowcast 2.0 answer: `instant.details.precipitation_rate` (mm/h) every 5 minutes.
    /// `meta.radar_coverage` other than `ok` makes the nowcast unavailable, with the reason.
    /// Nowcast gives no type: the first step's `next_1_hours` symbol says it when it names one,
    /// else the air temperature does (≥ 3 °C rain, ≤ 0 °C snow, between: none given).
    public static func decodeNowcast(_ body: [UInt8]) throws(ProviderError) -> Nowcast {
        let json = try ProviderCatalog.parse(body, provider: "met-no")
        let source = "met-no nowcast"
        let properties = json["properties"]
        let coverage = properties?["meta"]?["radar_coverage"]?.text ?? "unknown"
        guard coverage == "ok" else {
            return .unavailable(source: source, reason: "MET Norway radar coverage here is \"\(coverage)\"")
        }
        let series = properties?["timeseries"]?.array ?? []
        let first = series.first?["data"]
        let symbol = first?["next_1_hours"]?["summary"]?["symbol_code"]?.string ?? ""
        let temperature = first?["instant"]?["details"]?["air_temperature"]?.double
        let type: PrecipitationType? =
            symbol.contains("sleet")
            ? .sleet
            : symbol.contains("snow")
                ? .snow
                : symbol.contains("rain")
                    ? .rain
                    : temperature.flatMap { $0 >= 3 ? .rain : $0 <= 0 ? .snow : nil }
        let steps = series.compactMap { entry -> NowcastStep? in
            guard let time = entry["time"]?.isoTime else { return nil }
            var step = NowcastStep(
                time: time, intensity: entry["data"]?["instant"]?["details"]?["precipitation_rate"]?.double)
            if step.isWet { step.type = type }
            return step
        }
        guard !steps.isEmpty else { return .unavailable(source: source, reason: "the MET Norway nowcast has no steps") }
        return Nowcast(source: source, stepMinutes: 5, steps: steps)
    }
}
