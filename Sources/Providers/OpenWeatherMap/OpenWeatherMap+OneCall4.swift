import FoundationEssentials
import WeatherModel

/// One Call 4.0 (`api: onecall4`, `/data/4.0/onecall/…`): the product new OpenWeather accounts
/// get since mid-2026. Current, hourly and daily values are separate calls; the timelines come
/// in pages (20 hours, 10 days) linked by `prev`/`next` URLs that carry the API key — the
/// bridge never logs, publishes or follows them as they are: it reads their `start` and `cnt`
/// and builds its own request on the configured `base_url`. Pages are fetched only as far as
/// `forecast.hours` and `forecast.days` need.
extension OpenWeatherMap {
    static let oneCall4Path = "/data/4.0/onecall"
    /// Records per page when no `cnt` is asked (seen in every capture).
    static let hoursPerPage = 20
    static let daysPerPage = 10
    /// A bound on pages per timeline, whatever the links say.
    static let maximumPages = 8

    /// Calls one 4.0 refresh makes: current, the hourly pages for `hours`, the daily pages for
    /// `days` (plus one record: the first is the current UTC date, which may be yesterday).
    public static func oneCall4Calls(hours: Int, days: Int) -> Int {
        let pages = oneCall4Pages(hours: hours, days: days)
        return 1 + pages.hourly + pages.daily
    }

    /// Pages of each timeline a refresh needs.
    public static func oneCall4Pages(hours: Int, days: Int) -> (hourly: Int, daily: Int) {
        let hourPages = hours <= 0 ? 0 : (hours + 1 + hoursPerPage - 1) / hoursPerPage
        let dayPages = days <= 0 ? 0 : (days + 1 + daysPerPage - 1) / daysPerPage
        return (min(maximumPages, hourPages), min(maximumPages, dayPages))
    }

    /// One 4.0 request: `path` below `/data/4.0/onecall`, with a page's `start` and `cnt`.
    func oneCall4Request(_ path: String, query: ProviderQuery, start: Int? = nil, count: Int? = nil)
        -> ProviderRequest
    {
        var url =
            baseURL + Self.oneCall4Path + path + "?lat=" + query.latitudeText + "&lon=" + query.longitudeText
            + "&units=metric"
        if let count { url += "&cnt=\(count)" }
        if let start { url += "&start=\(start)" }
        url += "&appid=" + percentEncode(apiKey)
        let headers: [(name: String, value: String)] = [("User-Agent", userAgent), ("Accept", "application/json")]
        return ProviderRequest(url: url, headers: headers, secrets: [apiKey, percentEncode(apiKey)])
    }

    /// The first requests of a refresh (current, then the first page of each timeline needed).
    func oneCall4Requests(for query: ProviderQuery) -> [ProviderRequest] {
        var requests = [oneCall4Request("/current", query: query)]
        if query.hours > 0 { requests.append(oneCall4Request("/timeline/1h", query: query)) }
        if query.days > 0 { requests.append(oneCall4Request("/timeline/1day", query: query)) }
        return requests
    }

    func fetchOneCall4(_ query: ProviderQuery, transport: any ProviderTransport) async throws(ProviderError)
        -> ProviderResult
    {
        var calls = 0
        var last: ProviderResponse?
        func get(_ request: ProviderRequest) async throws(ProviderError) -> [UInt8] {
            calls += 1
            let response = ProviderCatalog.defused(try await transport.send(request))
            try ResponseCheck.requireSuccess(
                response, provider: name, secrets: request.secrets, message: { $0["message"]?.text })
            last = response
            return response.body
        }
        /// A timeline's pages until `wanted` records are in (or no `next` link).
        func pages(_ path: String, wanted: Int) async throws(ProviderError) -> [[UInt8]] {
            var bodies: [[UInt8]] = []
            var request = oneCall4Request(path, query: query)
            var records = 0
            while bodies.count < Self.maximumPages {
                let body = try await get(request)
                bodies.append(body)
                let json = try? JSONParser.parse(body)
                records += json?["data"]?.array?.count ?? 0
                guard records < wanted, let link = json?["next"]?.string, let start = Self.linkValue(link, "start")
                else { break }
                request = oneCall4Request(path, query: query, start: start, count: Self.linkValue(link, "cnt"))
            }
            return bodies
        }
        let current = try await get(oneCall4Request("/current", query: query))
        let hourly = query.hours > 0 ? try await pages("/timeline/1h", wanted: query.hours + 1) : []
        let daily = query.days > 0 ? try await pages("/timeline/1day", wanted: query.days + 1) : []
        let forecast = try Self.decodeOneCall4(
            current: current, hourly: hourly, daily: daily, units: .metric, timezone: query.timezone)
        guard let last else { throw .invalidResponse("openweathermap: nothing was asked") }
        return ProviderResult(
            forecast: forecast, freshness: Freshness(response: last), requests: calls,
            rateLimit: RateLimit(response: last))
    }

    /// An integer query value of a paging link (`start`, `cnt`); the rest of the link (its host,
    /// its key) is never used.
    static func linkValue(_ link: String, _ key: String) -> Int? {
        let query = link.split(separator: "?", maxSplits: 1).dropFirst().first ?? ""
        for pair in query.split(separator: "&") where pair.hasPrefix(key + "=") {
            guard let value = Int(pair.dropFirst(key.count + 1)), value >= 0, value < 100_000_000_000 else {
                return nil
            }
            return value
        }
        return nil
    }

    /// Decodes a 4.0 refresh: `/current` (its `data[0]`; `nil` when not asked), the pages of
    /// `/timeline/1h` and of `/timeline/1day`. A daily record's `dt` is 00:00 UTC of its date.
    public static func decodeOneCall4(
        current: [UInt8]?, hourly: [[UInt8]], daily: [[UInt8]], units: Units = .metric, timezone: String? = nil
    ) throws(ProviderError) -> Forecast {
        var zone = timezone.flatMap(ZoneInfo.init(identifier:))
        var zoneName: String?
        func records(_ body: [UInt8]) throws(ProviderError) -> [JSONValue] {
            let json = try ProviderCatalog.parse(body, provider: "openweathermap")
            try checkCode(json)
            if zone == nil { zone = Self.zone(json, configured: nil) }
            zoneName = zoneName ?? Self.zoneName(json)
            guard let data = json["data"]?.array else {
                throw .invalidResponse("openweathermap: a One Call 4.0 answer without a `data` list")
            }
            return data
        }
        var currentRecord: JSONValue?
        var alertIDs: [String] = []
        if let current {
            currentRecord = try records(current).first
            alertIDs = Self.alertIDs(currentRecord.map { [$0] } ?? [], after: alertIDs)
        }
        var hours: [Reading] = []
        for page in hourly {
            let pageRecords = try records(page)
            alertIDs = Self.alertIDs(pageRecords, after: alertIDs)
            for record in pageRecords {
                if let reading = reading(record, units: units), !hours.contains(where: { $0.time == reading.time }) {
                    hours.append(reading)
                }
            }
        }
        hours.sort { $0.time < $1.time }
        var dayRecords: [JSONValue] = []
        for page in daily { dayRecords += try records(page) }
        let local = zone ?? .utc
        var days = DayBuilder.distinctDays(dayRecords.compactMap { day($0, units: units, zone: .utc) })
        days = DayBuilder.filling(days, from: hours, intervalMinutes: 60, zone: local)

        var reading = currentRecord.flatMap { Self.reading($0, units: units) } ?? hours.first
        if reading == nil, let first = dayRecords.first, var fromDay = Self.reading(first, units: units) {
            fromDay.temperature = first["temp"]?["day"]?.double.map(units.temperature.toCelsius)
            fromDay.apparentTemperature = first["feels_like"]?["day"]?.double.map(units.temperature.toCelsius)
            reading = fromDay
        }
        guard var current = reading else {
            throw .invalidResponse("openweathermap: the One Call 4.0 answers hold no weather values")
        }
        if current.precipitationProbability == nil {
            current.precipitationProbability = hours.last(where: { $0.time <= current.time })?.precipitationProbability
        }
        // The first 1h page starts at the next full hour: the current reading stands for the
        // hour it falls in, so that `hours[0]` contains now.
        if currentRecord != nil, let first = hours.first, current.time < first.time,
            first.time.timeIntervalSince(current.time) <= 3600
        {
            var hour = current
            hour.time = first.time.addingTimeInterval(-3600)
            hour.precipitationProbability = hour.precipitationProbability ?? first.precipitationProbability
            hours.insert(hour, at: 0)
        }
        var forecast = Forecast(
            current: current, sunrise: todays(currentRecord?["sunrise"]?.unixTime, current, local),
            sunset: todays(currentRecord?["sunset"]?.unixTime, current, local), hours: hours, intervalMinutes: 60,
            days: days, alerts: nil, timezone: zoneName)
        forecast.currentIsFromSeries = currentRecord == nil && !hours.isEmpty
        forecast.alertIDs = alertIDs
        return forecast
    }

    /// `known` followed by the alert ids the records list (`alerts: ["urn:oid:…"]`) that it
    /// lacks, in order: `/current` lists the alerts in force and those to come, the hourly
    /// records the ones of their hour.
    static func alertIDs(_ records: [JSONValue], after known: [String]) -> [String] {
        var ids = known
        for record in records {
            for id in (record["alerts"]?.array ?? []).compactMap(\.string) where !id.isEmpty && !ids.contains(id) {
                ids.append(id)
            }
        }
        return ids
    }

    /// The alert ids a point has now: one `/current` request (what the warning source asks
    /// when the forecast comes from another provider).
    public func alertIDs(latitude: Double, longitude: Double, transport: any ProviderTransport)
        async throws(ProviderError) -> [String]
    {
        let request = oneCall4Request("/current", query: ProviderQuery(latitude: latitude, longitude: longitude))
        let json = try ProviderCatalog.parse(try await send(request, transport: transport), provider: name)
        try Self.checkCode(json)
        return Self.alertIDs(json["data"]?.array ?? [], after: [])
    }

    /// One alert's detail, `GET /alert/{id}`: its description in `language` (see
    /// `OneCall4AlertDetail.decode`).
    public func alertDetail(id: String, language: String?, transport: any ProviderTransport)
        async throws(ProviderError) -> Alert
    {
        let url = baseURL + Self.oneCall4Path + OneCall4AlertDetail.path(id: id) + "?appid=" + percentEncode(apiKey)
        let request = ProviderRequest(
            url: url, headers: [("User-Agent", userAgent), ("Accept", "application/json")],
            secrets: [apiKey, percentEncode(apiKey)])
        return try OneCall4AlertDetail.decode(try await send(request, transport: transport), language: language)
    }

    /// One request, refused unless it succeeded (the key cut from any message).
    func send(_ request: ProviderRequest, transport: any ProviderTransport) async throws(ProviderError) -> [UInt8] {
        let response = ProviderCatalog.defused(try await transport.send(request))
        try ResponseCheck.requireSuccess(
            response, provider: name, secrets: request.secrets, message: { $0["message"]?.text })
        return response.body
    }

    /// Whether a 401 body is One Call 3.0's "requires a separate subscription" refusal.
    static func isSeparateSubscription(_ body: [UInt8]) -> Bool {
        guard let message = (try? JSONParser.parse(body))?["message"]?.string?.lowercased() else { return false }
        return message.contains("separate subscription") || message.contains("one call 3.0")
    }
}
