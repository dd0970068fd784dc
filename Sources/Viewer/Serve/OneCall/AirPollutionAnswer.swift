import FoundationEssentials
import Rendering
import WeatherModel
import WireContract

/// OpenWeatherMap's Air Pollution answer (`/data/2.5/air_pollution`, `/forecast`, `/history`)
/// made from a location's `air_quality` payload: `{coord: {lon, lat}, list: [{dt, main: {aqi},
/// components: {co, no2, o3, so2, pm2_5, pm10}}]}`, µg/m³ as both have them. `no` and `nh3`
/// are not in the payload and are left out, as is a component whose value is `null`; `aqi` is
/// OpenWeatherMap's 1–5 index from the components there are (its published bands), else from the
/// European AQI's band, else left out. Pure: samples in, a JSON value out.
struct AirPollutionAnswer {
    /// Which of the three routes.
    enum Kind: Sendable, Equatable {
        /// The hour containing now.
        case current
        /// The hours from the one containing now on.
        case forecast
        /// The hours from `start` to `end` (Unix seconds, both included) the payload has.
        case history(start: Int64, end: Int64)
    }

    /// One hour of the payload.
    struct Sample: Sendable {
        var time: Int64
        /// OpenWeatherMap's component name → µg/m³, in its order.
        var components: [(String, Double)]
        var europeanAQI: Double?
    }

    /// OpenWeatherMap's component → the payload's field, in OpenWeatherMap's order.
    static let components: [(String, AirQualityField)] = [
        ("co", .carbonMonoxide), ("no2", .nitrogenDioxide), ("o3", .ozone), ("so2", .sulphurDioxide),
        ("pm2_5", .pm2_5), ("pm10", .pm10),
    ]

    /// OpenWeatherMap's index bands: the upper bounds (exclusive) of 1, 2, 3 and 4 for each
    /// component (`https://openweathermap.org/air-pollution-index-levels`); above the last, 5.
    static let bands: [String: [Double]] = [
        "so2": [20, 80, 250, 350], "no2": [40, 70, 150, 200], "pm10": [20, 50, 100, 200],
        "pm2_5": [10, 25, 50, 75], "o3": [60, 100, 140, 180], "co": [4400, 9400, 12400, 15400],
    ]

    let latitude: Double
    let longitude: Double
    /// By time, each hour once.
    let samples: [Sample]

    init(latitude: Double, longitude: Double, samples: [Sample]) {
        self.latitude = latitude
        self.longitude = longitude
        self.samples = samples.sorted { $0.time < $1.time }
    }

    /// The samples of an `air_quality` payload: every hour (`past_hours` and `hours`) and
    /// `current`, each hour once (the hour's entry before `current`).
    static func samples(_ payload: TopicPayload) throws(PayloadError) -> [Sample] {
        let reader = try FieldReader(topic: payload.topic, path: "air_quality", value: payload.json)
        let envelope = try Envelope(reader)
        var zoned = reader
        zoned.zone = envelope.zone
        var byTime: [Int64: Sample] = [:]
        // The day before (`past_hours`, absent from bridges before 0.2.0), then now and ahead.
        let entries = try zoned.readers("past_hours") + zoned.readers("hours")
        for entry in entries + [try zoned.reader("current")].compactMap({ $0 }) {
            guard let time = try entry.date("time") else { continue }
            var sample = Sample(time: Int64(time.timeIntervalSince1970), components: [])
            for (name, field) in Self.components {
                if let value = try entry.number(field.rawValue, in: 0...1e7) { sample.components.append((name, value)) }
            }
            sample.europeanAQI = try entry.number(AirQualityField.europeanAQI.rawValue, in: 0...1e4)
            if byTime[sample.time] == nil { byTime[sample.time] = sample }
        }
        return Array(byTime.values)
    }

    /// The answer of `kind` at `now`.
    func json(_ kind: Kind, now: Date) -> JSONObject {
        let hour = Int64((now.timeIntervalSince1970 / 3600).rounded(.down)) * 3600
        let chosen: [Sample] =
            switch kind {
            case .current: samples.last { $0.time <= hour }.map { [$0] } ?? Array(samples.prefix(1))
            case .forecast: samples.filter { $0.time >= hour }
            case .history(let start, let end): samples.filter { $0.time >= start && $0.time <= end }
            }
        let coord: JSONValue = [
            "lon": .number(OneCallAnswer.rounded(longitude, 4)), "lat": .number(OneCallAnswer.rounded(latitude, 4)),
        ]
        return JSONObject([("coord", coord), ("list", .array(chosen.map(Self.entry)))])
    }

    private static func entry(_ sample: Sample) -> JSONValue {
        var entry = JSONObject()
        entry.appendUnchecked("dt", .number(Double(sample.time)))
        if let aqi = index(sample) { entry.appendUnchecked("main", ["aqi": .number(Double(aqi))]) }
        var components = JSONObject()
        for (name, value) in sample.components {
            components.appendUnchecked(name, .number(OneCallAnswer.rounded(value, 2)))
        }
        entry.appendUnchecked("components", .object(components))
        return .object(entry)
    }

    /// OpenWeatherMap's 1–5: the worst band of the components there are; without any, the
    /// European AQI's band (0–20 good … 80–100 very poor, above it 5 too).
    static func index(_ sample: Sample) -> Int? {
        var worst: Int?
        for (name, value) in sample.components {
            guard let bounds = bands[name] else { continue }
            let level = (bounds.firstIndex { value < $0 } ?? bounds.count) + 1
            worst = max(worst ?? 1, level)
        }
        if let worst { return worst }
        return sample.europeanAQI.map { min(5, Int($0 / 20) + 1) }
    }
}
