import FoundationEssentials
import ProviderFacts
import WeatherModel

/// Open-Meteo's Air Quality API (`/v1/air-quality`, keyless): AQIs, pollutants, dust, UV and
/// six pollen types (Europe only; `null` elsewhere, and kept `null`).
public struct OpenMeteoAirQuality: Sendable {
    public static let defaultBaseURL = ProviderDescriptor.openMeteo.airQualityURL ?? ""
    public static let path = "/v1/air-quality"
    public var baseURL: String
    public var userAgent: String

    public init(baseURL: String = OpenMeteoAirQuality.defaultBaseURL, userAgent: String) {
        self.baseURL = ProviderCatalog.trimmedBaseURL(baseURL)
        self.userAgent = userAgent
    }

    /// The variables asked for: every `AirQualityField`.
    public static var variables: [String] { AirQualityField.allCases.map(\.rawValue) }

    /// Calls of Open-Meteo's quota one request costs (one per 10 variables). No `current`
    /// block is asked for: it would double the cost, and the hour containing now stands in.
    public static var callsPerFetch: Int { (variables.count + 9) / 10 }

    /// The one request for a location: hourly values for `days` days and the day before (the
    /// `air_quality` payload's `past_hours`: the 24 hours an AQI is averaged over).
    public func request(for query: ProviderQuery) -> ProviderRequest {
        let list = Self.variables.joined(separator: ",")
        let url =
            baseURL + Self.path + "?latitude=" + query.latitudeText + "&longitude=" + query.longitudeText
            + "&hourly=" + list + "&timezone=" + percentEncode(query.timezone ?? "auto")
            + "&timeformat=unixtime&past_days=1&forecast_days=\(min(7, max(1, query.days)))"
        return ProviderRequest(url: url, headers: [("User-Agent", userAgent), ("Accept", "application/json")])
    }

    /// Sends the request and decodes the answer.
    public func fetch(_ query: ProviderQuery, transport: any ProviderTransport) async throws(ProviderError)
        -> AirQuality
    {
        let response = try await transport.send(request(for: query))
        try ResponseCheck.requireSuccess(response, provider: "open-meteo air-quality")
        return try Self.decode(response.body)
    }

    /// Decodes an answer (unixtime or ISO 8601 local times; `current` optional).
    public static func decode(_ body: [UInt8]) throws(ProviderError) -> AirQuality {
        let json = try ResponseCheck.json(body, provider: "open-meteo air-quality")
        guard json.object != nil else { throw .invalidResponse("open-meteo air-quality: expected a JSON object") }
        if json["error"]?.bool == true {
            throw .invalidResponse("open-meteo air-quality: \(json["reason"]?.string ?? "error")")
        }
        let zone =
            json["timezone"]?.string.flatMap(ZoneInfo.init(identifier:))
            ?? json["utc_offset_seconds"]?.int.map { ZoneInfo(fixed: $0) } ?? .utc
        func time(_ value: JSONValue?) -> Date? {
            value?.unixTime ?? value?.string.flatMap { ISO8601.date($0, zone: zone) }
        }
        var current: AirQualitySample?
        if let block = json["current"], let at = time(block["time"]) {
            var sample = AirQualitySample(time: at)
            for field in AirQualityField.allCases { sample.values[field] = block[field.rawValue]?.double }
            current = sample
        }
        var hours: [AirQualitySample] = []
        if let block = json["hourly"], let times = block["time"]?.array {
            hours.reserveCapacity(times.count)
            // Each column found once, not once per hour (16 × 168 key searches were 14% of a
            // 300-location run --once).
            let columns = AirQualityField.allCases.map { (field: $0, values: block[$0.rawValue]?.array ?? []) }
            for (index, value) in times.enumerated() {
                guard let at = time(value) else { continue }
                var sample = AirQualitySample(time: at)
                for column in columns where index < column.values.count {
                    sample.values[column.field] = column.values[index].double
                }
                hours.append(sample)
            }
        }
        guard current != nil || !hours.isEmpty else {
            throw .invalidResponse("open-meteo air-quality: the answer has no current or hourly values")
        }
        return AirQuality(source: "open-meteo air-quality", current: current, hours: hours)
    }
}

extension PirateWeather {
    /// Pirate Weather's `airQualityIndex` (2.9.7+, with `version=2`) from `currently` and
    /// `hourly`, on the scale `flags.units` selects; `nil` when the answer has none.
    public static func decodeAirQuality(_ body: [UInt8], requestedUnits: String = "us") throws(ProviderError)
        -> AirQuality?
    {
        try decodeAirQuality(
            json: try ProviderCatalog.parse(body, provider: "pirate-weather"), requestedUnits: requestedUnits)
    }

    /// `decodeAirQuality(_:requestedUnits:)` of an answer already parsed.
    static func decodeAirQuality(json: JSONValue, requestedUnits: String) throws(ProviderError) -> AirQuality? {
        let flag = (json["flags"]?["units"]?.text ?? requestedUnits).lowercased()
        func sample(_ entry: JSONValue?) -> AirQualitySample? {
            guard let entry, let time = entry["time"]?.unixTime, let index = entry["airQualityIndex"]?.double else {
                return nil
            }
            return AirQualitySample(time: time, providerIndex: index)
        }
        let current = sample(json["currently"])
        let hours = (json["hourly"]?["data"]?.array ?? []).compactMap(sample)
        guard current != nil || !hours.isEmpty else { return nil }
        let scale =
            switch flag {
            case "us": "us-epa"
            case "ca": "eccc-aqhi"
            case "uk", "uk2": "uk-daqi"
            default: "eaqi-normalised"
            }
        return AirQuality(source: "pirate-weather", current: current, hours: hours, providerIndexScale: scale)
    }
}
