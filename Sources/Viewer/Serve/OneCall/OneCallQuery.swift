import WeatherModel

/// The query of `/data/3.0/onecall` and `/data/2.5/air_pollution[/history|/forecast]` as
/// OpenWeatherMap reads it: `lat`, `lon`, `units`, `lang`, `exclude`, `appid`, and for the
/// history `start` and `end`. What OpenWeatherMap ignores (an unknown `units`, `lang` or
/// `exclude` part, an unknown parameter) is ignored here too.
struct OneCallQuery: Sendable, Equatable {
    /// `units=`: `standard` (K, m/s; also anything unknown), `metric` (°C, m/s), `imperial` (°F, mph).
    enum Units: String, Sendable, CaseIterable {
        case standard, metric, imperial

        /// A temperature given in °C.
        func temperature(_ celsius: Double) -> Double {
            switch self {
            case .standard: TemperatureUnit.kelvin.fromCelsius(celsius)
            case .metric: celsius
            case .imperial: TemperatureUnit.fahrenheit.fromCelsius(celsius)
            }
        }

        /// A speed given in km/h.
        func speed(_ kilometresPerHour: Double) -> Double {
            switch self {
            case .standard, .metric: SpeedUnit.metresPerSecond.fromKilometresPerHour(kilometresPerHour)
            case .imperial: SpeedUnit.milesPerHour.fromKilometresPerHour(kilometresPerHour)
            }
        }
    }

    /// The blocks `exclude=` may leave out.
    enum Part: String, Sendable, CaseIterable {
        case current, minutely, hourly, daily, alerts
    }

    var latitude: Double
    var longitude: Double
    var units: Units = .standard
    var language: Language = .en
    var exclude: Set<Part> = []
    var appid: String?
    /// `start` and `end` of the air pollution history, Unix seconds.
    var start: Int64?
    var end: Int64?

    /// The query of a request (still percent-encoded); the 400 OpenWeatherMap gives when `lat`
    /// or `lon` is missing or wrong, or, with `history`, `start` or `end`.
    static func parse(_ query: Substring, history: Bool = false) -> Result<OneCallQuery, OneCallError> {
        let fields = fields(query)
        guard fields["lat"] != nil || fields["lon"] != nil else { return .failure(.badRequest("Nothing to geocode")) }
        guard let latitude = fields["lat"].flatMap(Double.init), (-90...90).contains(latitude) else {
            return .failure(.badRequest("wrong latitude"))
        }
        guard let longitude = fields["lon"].flatMap(Double.init), (-180...180).contains(longitude) else {
            return .failure(.badRequest("wrong longitude"))
        }
        var result = OneCallQuery(latitude: latitude, longitude: longitude)
        result.units = fields["units"].flatMap { Units(rawValue: $0.lowercased()) } ?? .standard
        result.language = fields["lang"].flatMap(language) ?? .en
        for part in (fields["exclude"] ?? "").split(separator: ",") {
            if let part = Part(rawValue: part.filter { $0 != " " }.lowercased()) { result.exclude.insert(part) }
        }
        result.appid = fields["appid"]
        if history {
            for key in ["start", "end"] {
                guard let text = fields[key] else { return .failure(.badRequest("\(key): field is required")) }
                guard let value = Int64(text) else {
                    return .failure(.badRequest("\(key): '\(text.prefix(20))' is not a Unix time"))
                }
                if key == "start" { result.start = value } else { result.end = value }
            }
        }
        return .success(result)
    }

    /// The `appid` of a query, read before anything else is checked.
    static func appid(in query: Substring) -> String? { fields(query)["appid"] }

    /// The parameters, decoded (``FormEncoding``); the first of a repeated one counts.
    private static func fields(_ query: Substring) -> [String: String] {
        var fields: [String: String] = [:]
        for (name, value) in FormEncoding.fields(Array(query.utf8)) where fields[name] == nil { fields[name] = value }
        return fields
    }

    /// OpenWeatherMap's language codes, its own (`se`, `cz`, `ua`, `kr`, `zh_cn`, `pt_br`) and
    /// ISO ones, as a language weatherview has; `nil` (English) for the others.
    static func language(_ code: String) -> Language? {
        switch code.lowercased() {
        case "se": .sv
        case "cz": .cs
        case "ua": .uk
        case "dk": .da
        case "sp": .es
        case "jp": .ja
        default: Language(code: code)
        }
    }
}
