import Configuration
import FoundationEssentials
import ProviderFacts
import Providers
import WeatherModel
import WireContract

/// Executes the warning feeds of each location (`WarningFeeds.asked`) and merges their alerts
/// with the forecast provider's. What it does not decide: when a source is asked and what a
/// failure keeps (`WarningFeed`: a failure is not the end of a warning, and never touches the
/// weather readings' state), each source's request and decoding (`WarningSource.request`,
/// `decode`). It keeps what the feeds need between refreshes: the last good alerts, when each
/// source was last asked, shared feeds (MeteoAlarm's country feeds, asked conditionally with
/// `If-None-Match` / `If-Modified-Since`) and One Call 4.0 alert details, asked once per new id
/// and kept while the id is listed; texts come in the location's `language` where the source has it.
public actor AlertSources {
    let configuration: BridgeConfiguration
    let transport: any ProviderTransport
    let log: Log
    let userAgent: String
    /// Where each One Call 4.0 call is reserved right before it goes out (the openweathermap budget).
    let budget: BudgetLedger

    /// A shared feed as last received (MeteoAlarm's country feeds), by URL.
    struct SharedFeed {
        var body: [UInt8]
        var validators: HTTPValidators
        var fetchedAt: Date
    }

    var sharedFeeds: [String: SharedFeed] = [:]
    /// Last good alerts per location and source.
    var lastGood: [String: [String: [Alert]]] = [:]
    /// When each per-location source was last asked, by source and `WarningFeed.askedKey`.
    var lastAsked: [WarningSource: [String: Date]] = [:]
    /// One Call 4.0 alert details by id and language, kept while a location lists the id.
    var oneCall4Details: [String: Alert] = [:]
    /// The ids each location listed last.
    var oneCall4Listed: [String: [String]] = [:]

    /// Sources asked through `transport`, their One Call 4.0 calls counted in `budget` (else in a
    /// ledger of their own that saves nothing: `fetch`, `check`).
    public init(
        configuration: BridgeConfiguration, transport: any ProviderTransport, log: Log, budget: BudgetLedger? = nil
    ) {
        self.configuration = configuration
        self.transport = transport
        self.log = log
        self.budget =
            budget ?? BudgetLedger(limits: BudgetLimits(configuration: configuration), store: nil, now: Date())
        userAgent = BridgeVersion.userAgent(contact: configuration.contact)
    }

    /// The merged alerts of a location: its sources in order (`WarningFeeds.asked`), then the
    /// forecast provider's. `announced` is the set last announced as events (`WarningFeed.apply`).
    /// `alertIDs` are the ids a One Call 4.0 forecast listed: their details are the
    /// `openweathermap` source, listed or not (as One Call 3.0's alerts come with its forecast).
    public func alerts(
        for location: LocationSettings, forecast: [Alert]?, alertIDs: [String]? = nil, provider: String?,
        announced: [Alert], now: Date
    ) async -> [Alert] {
        var lists: [[Alert]] = []
        let owm = WarningSource.openweathermap.rawValue
        for feed in WarningFeeds.asked(location, provider: provider, alertIDs: alertIDs) {
            let name = feed.source.rawValue
            let answer: Result<[Alert]?, ProviderError>
            do {
                answer = .success(
                    try await fetch(
                        feed, location: location, now: now, alertIDs: provider == owm ? alertIDs : nil,
                        announced: announced))
            } catch {
                answer = .failure(error)
            }
            let held = WarningFeed.Held(lastGood: lastGood[location.id]?[name], announced: announced)
            let kept = feed.apply(answer, to: held, for: location.id, now: now)
            if let line = kept.log { log.write(line) }
            lastGood[location.id, default: [:]][name] = kept.lastGood
            lists.append(kept.lastGood ?? [])
        }
        if let forecast, let provider {
            lists.append(
                forecast.map { alert in
                    var alert = alert
                    if WarningSource(rawValue: alert.source ?? "") == nil {
                        if alert.sender == nil { alert.sender = alert.source }
                        alert.source = provider
                    }
                    if alert.attribution == nil { alert.attribution = ProviderCatalog.attribution(for: provider) }
                    return alert
                })
        }
        return AlertMerge.merge(lists)
    }

    /// How `source` is asked for `location`: its place, language, base URL and MeteoAlarm region.
    func query(_ source: WarningSource, for location: LocationSettings) -> WarningQuery {
        let base =
            source.provider == nil
            ? configuration.alertSources[source.rawValue]?.baseURL
            : configuration.provider(source.rawValue)?.baseURL
        var query = WarningQuery(
            latitude: location.latitude, longitude: location.longitude,
            language: (location.language ?? configuration.language).rawValue, baseURL: base ?? source.defaultBaseURL)
        query.country = location.meteoAlarm?.country
        query.region = location.meteoAlarm?.region
        query.format = configuration.alertSources[source.rawValue]?.format ?? query.format
        return query
    }

    /// One source's alerts; `nil` when it was not asked this time (its last good stay).
    func fetch(
        _ feed: WarningFeed, location: LocationSettings, now: Date, alertIDs: [String]? = nil,
        announced: [Alert] = []
    ) async throws(ProviderError) -> [Alert]? {
        let source = feed.source
        let query = query(source, for: location)
        if source == .openweathermap {
            return try await oneCall4Alerts(
                location, ids: alertIDs, language: query.language, announced: announced, now: now)
        }
        guard let request = source.request(query, userAgent: userAgent) else { return [] }
        let body: [UInt8]
        if case .sharedFeed = source.cadence {
            body = try await shared(request, feed: feed, label: source.label(query), location: location, now: now)
        } else {
            let key = feed.askedKey(location, url: request.url)
            guard feed.decide(location, lastAsked: lastAsked[source]?[key], now: now).asks else { return nil }
            lastAsked[source, default: [:]][key] = now
            let response = try await transport.send(request)
            try ResponseCheck.requireSuccess(response, provider: source.label(query))
            body = response.body
        }
        return try source.decode(body, query: query)
    }

    /// The One Call 4.0 alerts of a location: the ids its forecast listed (else one `/current`
    /// request), each id's detail from the cache, else from what was announced before a
    /// restart, else one `/alert/{id}` request. Ids no location lists any more leave the cache.
    func oneCall4Alerts(
        _ location: LocationSettings, ids: [String]?, language: String, announced: [Alert], now: Date
    ) async throws(ProviderError) -> [Alert] {
        let settings = configuration.provider(WarningSource.openweathermap.rawValue)
        guard let key = settings?.apiKey else {
            throw .unauthorized("openweathermap: no API key (set providers.openweathermap.api_key)")
        }
        let client = OpenWeatherMap(
            baseURL: settings?.baseURL ?? WarningSource.openweathermap.defaultBaseURL, apiKey: key, api: .oneCall4,
            userAgent: userAgent)
        let listed: [String]
        if let ids {
            listed = ids
        } else {
            try reserveOpenWeatherMapCall(now)
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
                ?? announced.first(where: { $0.id == id && $0.source == WarningSource.openweathermap.rawValue })
            {
                oneCall4Details[cacheKey] = known
            } else {
                try reserveOpenWeatherMapCall(now)
                oneCall4Details[cacheKey] = try await client.alertDetail(
                    id: id, language: language, transport: transport)
            }
            if let alert = oneCall4Details[cacheKey] { alerts.append(alert) }
        }
        return alerts
    }

    /// Reserves one OpenWeatherMap call in the budget, refused once the daily budget is used up.
    func reserveOpenWeatherMapCall(_ now: Date) throws(ProviderError) {
        guard budget.reserve(WarningFeeds.openWeatherMap, calls: 1, now: now).granted else {
            throw .rateLimited(
                "openweathermap: the daily budget is used up; alert details wait for the next UTC day",
                retryAfter: nil)
        }
    }

    /// MeteoAlarm's feed of `country` (what `check` lists the regions of), as `alerts` reads it.
    public func feed(country: String, location: LocationSettings, now: Date) async throws(ProviderError) -> [UInt8] {
        var query = query(.meteoalarm, for: location)
        query.country = country
        query.region = query.region ?? ""
        guard let request = WarningSource.meteoalarm.request(query, userAgent: userAgent) else { return [] }
        return try await shared(
            request, feed: WarningFeed(.meteoalarm), label: WarningSource.meteoalarm.label(query), location: location,
            now: now)
    }

    /// A shared feed: the cached one until `feed.decide` asks again for `location`, then asked with
    /// the cached validators (a 304 keeps the cached body).
    func shared(_ request: ProviderRequest, feed: WarningFeed, label: String, location: LocationSettings, now: Date)
        async throws(ProviderError) -> [UInt8]
    {
        let url = request.url
        if let cached = sharedFeeds[url], !feed.decide(location, lastAsked: cached.fetchedAt, now: now).asks {
            return cached.body
        }
        var request = request
        if let cached = sharedFeeds[url] {
            if let etag = cached.validators.etag { request.headers.append(("If-None-Match", etag)) }
            if let modified = cached.validators.lastModified { request.headers.append(("If-Modified-Since", modified)) }
        }
        let response = try await transport.send(request)
        if response.status == 304, var cached = sharedFeeds[url] {
            cached.fetchedAt = now
            sharedFeeds[url] = cached
            return cached.body
        }
        try ResponseCheck.requireSuccess(response, provider: label)
        let validators = Freshness(response: response).validators
        sharedFeeds[url] = SharedFeed(body: response.body, validators: validators, fetchedAt: now)
        return response.body
    }
}
