import Configuration
import FoundationEssentials
import Providers
import WeatherModel

/// Fetches the warning sources of each location (`alerts:`, or the default for its
/// coordinates) and merges them with the forecast provider's alerts. A source that fails
/// keeps its last good alerts (a failure is not the end of a warning) and never touches the
/// weather readings' state. MeteoAlarm country feeds are fetched once per country per
/// interval for all locations, conditionally (`If-None-Match` / `If-Modified-Since`);
/// MetAlerts at most once per 10 minutes per location, as its terms ask.
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

    public init(configuration: BridgeConfiguration, transport: any ProviderTransport, log: Log) {
        self.configuration = configuration
        self.transport = transport
        self.log = log
        userAgent = BridgeVersion.userAgent(contact: configuration.contact)
    }

    /// The sources a location uses: its `alerts:` list; for `alerts: auto` the one its
    /// coordinates make obvious (NWS in the US, Bright Sky in Germany, MetAlerts in Norway),
    /// none elsewhere. Without `alerts:` none (no request the user did not ask for).
    public static func sources(for location: LocationSettings) -> [String] {
        guard let list = location.alerts else { return [] }
        if list != ["auto"] { return list }
        return WarningSource.defaultSource(latitude: location.latitude, longitude: location.longitude).map {
            [$0.rawValue]
        } ?? []
    }

    /// The merged alerts of a location: its sources in order, then the forecast provider's.
    /// `announced` is the set last announced as events: a source failing before it ever
    /// answered in this process keeps its alerts from there (a restart during an outage ends
    /// nothing).
    public func alerts(
        for location: LocationSettings, forecast: [Alert]?, provider: String?, announced: [Alert], now: Date
    ) async -> [Alert] {
        var lists: [[Alert]] = []
        for name in Self.sources(for: location) {
            // The forecast provider brings these already.
            if name == provider && name == "nws" { continue }
            do {
                let fetched = try await fetch(name, location: location, now: now)
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
    func fetch(_ name: String, location: LocationSettings, now: Date) async throws(ProviderError) -> [Alert]? {
        switch AlertSourceName(rawValue: name) {
        case .nws:
            let base = configuration.provider("nws")?.baseURL ?? AlertSourceName.nws.defaultBaseURL
            let query = ProviderQuery(latitude: location.latitude, longitude: location.longitude)
            let point = query.latitudeText + "," + query.longitudeText
            let body = try await get(
                base + "/alerts/active?point=" + point, accept: "application/geo+json", source: name)
            return try NWS.decodeAlerts(body)
        case .brightsky:
            let url =
                base(.brightsky) + BrightSkyAlerts.path(latitude: location.latitude, longitude: location.longitude)
            return try BrightSkyAlerts.decode(try await get(url, source: name), language: nil)
        case .metalerts:
            if let last = metAlertsFetched[location.id], now.timeIntervalSince(last) < Double(MetAlerts.minimumInterval)
            {
                return nil
            }
            metAlertsFetched[location.id] = now
            let url =
                base(.metalerts)
                + MetAlerts.path(latitude: location.latitude, longitude: location.longitude, language: nil)
            return try MetAlerts.decode(try await get(url, source: name))
        case .meteoalarm:
            guard let region = location.meteoAlarm else { return [] }
            let body = try await feed(country: region.country, interval: Double(location.interval), now: now)
            return try MeteoAlarm.decode(body, region: region.region, language: nil)
        case .openweathermap, nil:
            // One Call 4.0 alert ids come with the forecast (api: onecall4); without them there is
            // nothing to look up.
            return []
        }
    }

    func base(_ source: AlertSourceName) -> String {
        configuration.alertSources[source.rawValue]?.baseURL ?? source.defaultBaseURL
    }

    /// The country's feed: the cached one while younger than `interval`, else asked again
    /// with the cached validators (a 304 keeps the cached body).
    public func feed(country: String, interval: Double, now: Date) async throws(ProviderError) -> [UInt8] {
        let format = MeteoAlarm.Format(rawValue: configuration.alertSources["meteoalarm"]?.format ?? "json") ?? .json
        let url = base(.meteoalarm) + MeteoAlarm.path(country: country, format: format)
        if let cached = feeds[url], now.timeIntervalSince(cached.fetchedAt) < max(60, interval) { return cached.body }
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
        guard response.status == 200 else {
            throw .invalidResponse("meteoalarm: HTTP \(response.status) for the \(country) feed")
        }
        let validators = Freshness(response: response).validators
        feeds[url] = Feed(body: response.body, validators: validators, fetchedAt: now)
        return response.body
    }

    func get(_ url: String, accept: String = "application/json", source: String) async throws(ProviderError) -> [UInt8]
    {
        let response = try await transport.send(
            ProviderRequest(url: url, headers: [("User-Agent", userAgent), ("Accept", accept)]))
        guard response.status == 200 else { throw .invalidResponse("\(source): HTTP \(response.status)") }
        return response.body
    }
}
