import FoundationEssentials
import ProviderFacts
import WeatherModel

/// Open-Meteo's geocoding service (`/v1/search`), behind `weather2mqtt search`: place names to
/// coordinates, country and time zone, with a ready `locations:` entry each.
public struct OpenMeteoGeocoding: Sendable {
    public static let defaultBaseURL = ProviderDescriptor.openMeteo.geocodingURL ?? ""

    /// `providers.open-meteo.geocoding_url`.
    public var baseURL: String
    public var userAgent: String

    public init(baseURL: String = OpenMeteoGeocoding.defaultBaseURL, userAgent: String) {
        let trimmed = ProviderCatalog.trimmedBaseURL(baseURL)
        self.baseURL = trimmed.isEmpty ? Self.defaultBaseURL : trimmed
        self.userAgent = userAgent
    }

    /// `/v1/search?name=…&count=N&language=en&format=json` (`count` kept within the service's 1…100).
    public func request(query: String, count: Int) -> ProviderRequest {
        let url =
            baseURL + "/v1/search?name=" + percentEncode(query.trimmingSpaces()) + "&count="
            + String(min(100, max(1, count))) + "&language=en&format=json"
        return ProviderRequest(url: url, headers: [("User-Agent", userAgent), ("Accept", "application/json")])
    }

    /// Asks the service and decodes the candidates (an empty list when nothing matches).
    public func search(_ query: String, count: Int, transport: any ProviderTransport) async throws(ProviderError)
        -> [Place]
    {
        let response = ProviderCatalog.defused(try await transport.send(request(query: query, count: count)))
        try ResponseCheck.requireSuccess(response, provider: "open-meteo geocoding")
        return try Self.decode(response.body)
    }

    /// Decodes a `/v1/search` answer (or a `/v1/get` one: a single bare place). No `results`
    /// key means no match — an answer, not an error. An `{"error": true, "reason": …}` body
    /// is an error with that reason. Entries without a name or valid coordinates are skipped.
    public static func decode(_ body: [UInt8]) throws(ProviderError) -> [Place] {
        let json = try ProviderCatalog.parse(body, provider: "open-meteo geocoding")
        guard json.object != nil else { throw .invalidResponse("open-meteo geocoding: expected a JSON object") }
        if json["error"]?.bool == true {
            throw .invalidResponse("open-meteo geocoding: \(json["reason"]?.text ?? "error")")
        }
        if json["name"] != nil, json["latitude"] != nil {
            return place(json).map { [$0] } ?? []
        }
        guard let results = json["results"] else { return [] }
        guard let list = results.array else {
            throw .invalidResponse("open-meteo geocoding: `results` is not a list")
        }
        return list.compactMap(place)
    }

    static func place(_ entry: JSONValue) -> Place? {
        guard let name = entry["name"]?.text, let latitude = entry["latitude"]?.double,
            let longitude = entry["longitude"]?.double, abs(latitude) <= 90, abs(longitude) <= 180
        else { return nil }
        return Place(
            name: name, latitude: latitude, longitude: longitude, country: entry["country"]?.text,
            countryCode: entry["country_code"]?.text, admin1: entry["admin1"]?.text,
            timezone: entry["timezone"]?.text, population: entry["population"]?.int,
            elevation: entry["elevation"]?.double, geonameID: entry["id"]?.int)
    }
}
