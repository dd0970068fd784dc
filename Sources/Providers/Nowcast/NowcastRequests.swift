import FoundationEssentials
import WeatherModel

/// How a provider gives its nowcast (SPEC §4 `nowcast`) beside the forecast: whether the
/// forecast request already carries it, and what its own request costs.
public struct NowcastOffer: Sendable, Equatable {
    /// The forecast request carries the nowcast (Open-Meteo, Pirate Weather, One Call 3.0), so
    /// an own request is only needed between two forecasts; One Call 4.0's comes only on its own.
    public var inForecast: Bool
    /// Calls of the provider's quota one nowcast-only request costs.
    public var calls: Int

    public init(inForecast: Bool, calls: Int = 1) {
        self.inForecast = inForecast
        self.calls = calls
    }
}

extension WeatherProvider {
    /// No nowcast of its own by default (met.no's Nowcast 2.0 is asked by the bridge itself).
    public var nowcastOffer: NowcastOffer? { nil }

    public func fetchNowcast(_ query: ProviderQuery, transport: any ProviderTransport) async throws(ProviderError)
        -> Nowcast?
    {
        nil
    }
}

extension OpenMeteo {
    public var nowcastOffer: NowcastOffer? {
        NowcastOffer(inForecast: true, calls: (Self.minutely15.count + 9) / 10)
    }

    /// Only the `minutely_15` block: the cheapest request that returns it.
    public func nowcastRequest(for query: ProviderQuery) -> ProviderRequest {
        let url =
            baseURL + "/v1/forecast?latitude=" + query.latitudeText + "&longitude=" + query.longitudeText
            + "&minutely_15=" + Self.minutely15.joined(separator: ",") + "&forecast_minutely_15=9"
            + "&timezone=" + percentEncode(query.timezone ?? "auto") + "&timeformat=unixtime"
        return ProviderRequest(url: url, headers: [("User-Agent", userAgent), ("Accept", "application/json")])
    }

    public func fetchNowcast(_ query: ProviderQuery, transport: any ProviderTransport) async throws(ProviderError)
        -> Nowcast?
    {
        let response = try await transport.send(nowcastRequest(for: query))
        try ResponseCheck.requireSuccess(response, provider: name)
        return try Self.decodeNowcast(response.body)
    }
}

extension PirateWeather {
    public var nowcastOffer: NowcastOffer? { NowcastOffer(inForecast: true) }

    /// Only the `minutely` block (`exclude=` the others).
    public func nowcastRequest(for query: ProviderQuery) -> ProviderRequest {
        let url =
            baseURL + "/forecast/" + percentEncode(apiKey) + "/" + query.latitudeText + "," + query.longitudeText
            + "?units=si&exclude=currently,hourly,daily,alerts"
        return ProviderRequest(
            url: url, headers: [("User-Agent", userAgent), ("Accept", "application/json")],
            secrets: [apiKey, percentEncode(apiKey)])
    }

    public func fetchNowcast(_ query: ProviderQuery, transport: any ProviderTransport) async throws(ProviderError)
        -> Nowcast?
    {
        let request = nowcastRequest(for: query)
        let response = ProviderCatalog.defused(try await transport.send(request))
        try ResponseCheck.requireSuccess(response, provider: name, secrets: request.secrets)
        return try Self.decodeNowcast(response.body, requestedUnits: "si")
    }
}

extension OpenWeatherMap {
    /// One Call 3.0 carries `minutely` in the forecast answer; One Call 4.0 has it only as
    /// `/timeline/1min`; the free 2.5 plan has none.
    public var nowcastOffer: NowcastOffer? {
        switch api {
        case .oneCall: NowcastOffer(inForecast: true)
        case .oneCall4: NowcastOffer(inForecast: false)
        case .free: nil
        }
    }

    /// One Call 3.0 with `exclude=` everything but `minutely`, or One Call 4.0's `/timeline/1min`.
    public func nowcastRequest(for query: ProviderQuery) -> ProviderRequest? {
        switch api {
        case .oneCall:
            let url =
                baseURL + "/data/3.0/onecall?lat=" + query.latitudeText + "&lon=" + query.longitudeText
                + "&units=metric&exclude=current,hourly,daily,alerts&appid=" + percentEncode(apiKey)
            return ProviderRequest(
                url: url, headers: [("User-Agent", userAgent), ("Accept", "application/json")],
                secrets: [apiKey, percentEncode(apiKey)])
        case .oneCall4: return oneCall4Request("/timeline/1min", query: query)
        case .free: return nil
        }
    }

    public func fetchNowcast(_ query: ProviderQuery, transport: any ProviderTransport) async throws(ProviderError)
        -> Nowcast?
    {
        guard let request = nowcastRequest(for: query) else { return nil }
        let response = ProviderCatalog.defused(try await transport.send(request))
        try ResponseCheck.requireSuccess(
            response, provider: name, secrets: request.secrets, message: { $0["message"]?.text })
        return try Self.decodeNowcast(response.body)
    }
}
