import Configuration
import FoundationEssentials
import Providers
import WeatherModel

/// Fetches the warning sources of each location (`alerts:`, or the default for its
/// coordinates) and merges them with the forecast provider's alerts. A source that fails
/// keeps its last good alerts (a failure is not the end of a warning) and never touches the
/// weather readings' state. MeteoAlarm country feeds are fetched once per country per
/// interval for all locations, conditionally (`If-None-Match` / `If-Modified-Since`);
/// MetAlerts at most once per 10 minutes per location, as its terms ask. One Call 4.0 alert
/// details are asked once per new id and kept while the id is listed; texts come in the
/// location's `language` where the source has it.
public actor AlertSources {
    let configuration: BridgeConfiguration
    let transport: any ProviderTransport
    let log: Log
    let userAgent: String

    /// A country feed as last received.
    struct Feed {
        var body: [UInt8]
        var validators: HTTPValidators
        var fetchedAt: Date
    }

    var feeds: [String: Feed] = [:]
    /// Last good alerts per location and source.
    var lastGood: [String: [String: [Alert]]] = [:]
    var metAlertsFetched: [String: Date] = [:]
    /// One Call 4.0 alert details by id and language, kept while a location lists the id.
    var oneCall4Details: [String: Alert] = [:]
    /// The ids each location listed last.
    var oneCall4Listed: [String: [String]] = [:]
    /// OpenWeatherMap calls the bridge's budget still allows, and those made since it last asked.
    var openWeatherMapAllowance = Int.max
    var openWeatherMapCalls = 0

    public init(configuration: BridgeConfiguration, transport: any ProviderTransport, log: Log) {
        self.configuration = configuration
        self.transport = transport
        self.log = log
        userAgent = BridgeVersion.userAgent(contact: configuration.contact)
    }

    /// The sources a location uses (`LocationSettings.warningSources`).
    public static func sources(for location: LocationSettings) -> [String] { location.warningSources }

    /// The merged alerts of a location: its sources in order, then the forecast provider's.
    /// `announced` is the set last announced as events: a source failing before it ever
    /// answered in this process keeps its alerts from there (a restart during an outage ends
    /// nothing). `alertIDs` are the ids a One Call 4.0 forecast listed: their details are the
    /// `openweathermap` source, listed or not (as One Call 3.0's alerts come with its forecast).
    public func alerts(
        for location: LocationSettings, forecast: [Alert]?, alertIDs: [String]? = nil, provider: String?,
        announced: [Alert], now: Date
    ) async -> [Alert] {
        var lists: [[Alert]] = []
        var names = Self.sources(for: location)
        let owm = AlertSourceName.openweathermap.rawValue
        if provider == owm, alertIDs != nil, !names.contains(owm) { names.append(owm) }
        for name in names {
            // The forecast provider brings these already (One Call 3.0 alerts whole).
            if name == provider && (name == AlertSourceName.nws.rawValue || (name == owm && alertIDs == nil)) {
                continue
            }
            do {
                let fetched = try await fetch(
                    name, location: location, now: now, alertIDs: provider == owm ? alertIDs : nil,
                    announced: announced)
                if let fetched { lastGood[location.id, default: [:]][name] = fetched }
            } catch {
                log.warning(
                    "warning source failed: \(error.description); keeping its last alerts",
                    ["location": location.id, "source": name])
                if lastGood[location.id]?[name] == nil {
                    lastGood[location.id, default: [:]][name] = announced.filter { $0.source == name }
                }
            }
            lists.append(lastGood[location.id]?[name] ?? [])
        }
        if let forecast, let provider {
            lists.append(
                forecast.map { alert in
                    var alert = alert
                    if AlertSourceName(rawValue: alert.source ?? "") == nil {
                        if alert.sender == nil { alert.sender = alert.source }
                        alert.source = provider
                    }
                    if alert.attribution == nil { alert.attribution = ProviderCatalog.attribution(for: provider) }
                    return alert
                })
        }
        return AlertMerge.merge(lists)
    }

    /// One source's alerts; `nil` when it was not asked this time (its last good stay).
    func fetch(
        _ name: String, location: LocationSettings, now: Date, alertIDs: [String]? = nil, announced: [Alert] = []
    ) async throws(ProviderError) -> [Alert]? {
        let language = (location.language ?? configuration.language).rawValue
        switch AlertSourceName(rawValue: name) {
        case .nws:
            let base = configuration.provider(name)?.baseURL ?? AlertSourceName.nws.defaultBaseURL
            let query = ProviderQuery(latitude: location.latitude, longitude: location.longitude)
            let point = query.latitudeText + "," + query.longitudeText
            let body = try await get(
                base + "/alerts/active?point=" + point, accept: "application/geo+json", source: name)
            return try NWS.decodeAlerts(body)
        case .brightsky:
            let url =
                base(.brightsky) + BrightSkyAlerts.path(latitude: location.latitude, longitude: location.longitude)
            return try BrightSkyAlerts.decode(try await get(url, source: name), language: language)
        case .metalerts:
            guard
                WarningFeeds.decide(.metalerts, location: location, lastAsked: metAlertsFetched[location.id], now: now)
                    .asks
            else { return nil }
            metAlertsFetched[location.id] = now
            let url =
                base(.metalerts)
                + MetAlerts.path(latitude: location.latitude, longitude: location.longitude, language: language)
            return try MetAlerts.decode(try await get(url, source: name))
        case .meteoalarm:
            guard let region = location.meteoAlarm else { return [] }
            let body = try await feed(country: region.country, location: location, now: now)
            return try MeteoAlarm.decode(body, region: region.region, language: language)
        case .openweathermap:
            return try await oneCall4Alerts(location, ids: alertIDs, language: language, announced: announced)
        case nil:
            return []
        }
    }

    /// The One Call 4.0 alerts of a location: the ids its forecast listed (else one `/current`
    /// request), each id's detail from the cache, else from what was announced before a
    /// restart, else one `/alert/{id}` request. Ids no location lists any more leave the cache.
    func oneCall4Alerts(_ location: LocationSettings, ids: [String]?, language: String, announced: [Alert])
        async throws(ProviderError) -> [Alert]
    {
        let settings = configuration.provider(AlertSourceName.openweathermap.rawValue)
        guard let key = settings?.apiKey else {
            throw .unauthorized("openweathermap: no API key (set providers.openweathermap.api_key)")
        }
        let client = OpenWeatherMap(
            baseURL: settings?.baseURL ?? AlertSourceName.openweathermap.defaultBaseURL, apiKey: key, api: .oneCall4,
            userAgent: userAgent)
        let listed: [String]
        if let ids {
            listed = ids
        } else {
            try spendOpenWeatherMapCall()
            listed = try await client.alertIDs(
                latitude: location.latitude, longitude: location.longitude, transport: transport)
        }
        oneCall4Listed[location.id] = listed
        let inUse = Set(oneCall4Listed.values.joined())
        oneCall4Details = oneCall4Details.filter { inUse.contains($0.value.id) }
        var alerts: [Alert] = []
        for id in listed {
            let cacheKey = id + " " + language
            if let known = oneCall4Details[cacheKey]
                ?? announced.first(where: { $0.id == id && $0.source == AlertSourceName.openweathermap.rawValue })
            {
                oneCall4Details[cacheKey] = known
            } else {
                try spendOpenWeatherMapCall()
                oneCall4Details[cacheKey] = try await client.alertDetail(
                    id: id, language: language, transport: transport)
            }
            if let alert = oneCall4Details[cacheKey] { alerts.append(alert) }
        }
        return alerts
    }

    /// Counts one OpenWeatherMap call, refused once the daily budget is used up.
    func spendOpenWeatherMapCall() throws(ProviderError) {
        guard openWeatherMapCalls < openWeatherMapAllowance else {
            throw .rateLimited(
                "openweathermap: the daily budget is used up; alert details wait for the next UTC day",
                retryAfter: nil)
        }
        openWeatherMapCalls += 1
    }

    /// How many OpenWeatherMap calls the daily budget still allows; the count starts again.
    public func allowOpenWeatherMap(_ calls: Int) {
        openWeatherMapAllowance = calls
        openWeatherMapCalls = 0
    }

    /// The OpenWeatherMap calls made since `allowOpenWeatherMap` (for the budget to count).
    public var openWeatherMapCallsMade: Int { openWeatherMapCalls }

    func base(_ source: AlertSourceName) -> String {
        configuration.alertSources[source.rawValue]?.baseURL ?? source.defaultBaseURL
    }

    /// The country's feed: the cached one until `WarningFeeds.decide` asks again for `location`,
    /// then asked with the cached validators (a 304 keeps the cached body).
    public func feed(country: String, location: LocationSettings, now: Date) async throws(ProviderError) -> [UInt8] {
        let format =
            MeteoAlarm.Format(
                rawValue: configuration.alertSources[AlertSourceName.meteoalarm.rawValue]?.format ?? "json") ?? .json
        let url = base(.meteoalarm) + MeteoAlarm.path(country: country, format: format)
        if let cached = feeds[url],
            !WarningFeeds.decide(.meteoalarm, location: location, lastAsked: cached.fetchedAt, now: now).asks
        {
            return cached.body
        }
        var headers: [(name: String, value: String)] = [("User-Agent", userAgent), ("Accept-Encoding", "gzip")]
        if let cached = feeds[url] {
            if let etag = cached.validators.etag { headers.append(("If-None-Match", etag)) }
            if let modified = cached.validators.lastModified { headers.append(("If-Modified-Since", modified)) }
        }
        let response = try await transport.send(ProviderRequest(url: url, headers: headers))
        if response.status == 304, var cached = feeds[url] {
            cached.fetchedAt = now
            feeds[url] = cached
            return cached.body
        }
        try ResponseCheck.requireSuccess(response, provider: "meteoalarm (the \(country) feed)")
        let validators = Freshness(response: response).validators
        feeds[url] = Feed(body: response.body, validators: validators, fetchedAt: now)
        return response.body
    }

    func get(_ url: String, accept: String = "application/json", source: String) async throws(ProviderError) -> [UInt8]
    {
        let response = try await transport.send(
            ProviderRequest(url: url, headers: [("User-Agent", userAgent), ("Accept", accept)]))
        try ResponseCheck.requireSuccess(response, provider: source)
        return response.body
    }
}
