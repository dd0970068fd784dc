import BenchSupport
import Benchmark
import Foundation
import PanelFrames
import Providers
import Rendering
import WeatherModel
import WireContract

/// The pure work of the bridge and of `weatherview render`, without I/O: decode + normalise the
/// largest recording of each provider into the four published payloads (JSON text), payload
/// encoding alone, JSON parsing, and an 800×480 frame from published payloads to PNG bytes.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident],
        warmupIterations: 3, maxDuration: .seconds(3), maxIterations: 2000)

    for item in ProviderCase.all {
        Benchmark("Decode+normalise \(item.name)") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try item.decodeAndNormalise())
            }
        }
    }

    // PayloadBuilder -> JSON text for one Open-Meteo location (48 hours, 7 days, metric).
    let forecast = try! OpenMeteo.decode(BenchPaths.read(BenchPaths.openMeteoAnswer))
    Benchmark("Payload encoding (PayloadBuilder -> JSON text, 4 payloads)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(ProviderCase.encode(forecast, provider: "open-meteo", location: ProviderCase.berlin))
        }
    }

    let answer = BenchPaths.read(BenchPaths.openMeteoAnswer)
    Benchmark("JSON parse (Open-Meteo answer, 17 KB)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try JSONParser.parse(answer))
        }
    }

    // weatherview render: payload bytes as they arrive from the broker -> view model -> layout
    // -> 800×480 black/white PNG.
    let messages = RenderCase.messages(forecast)
    Benchmark("Render 800x480 frame (payloads -> PNG)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try RenderCase.render(messages, size: "800x480"))
        }
    }
    // The larger panels and deeper grays (issue 41); gray16 and gray256 are drawn smooth.
    let panels: [(String, ColorMode)] = [
        ("800x480", .gray16), ("1024x758", .gray256), ("1072x1448", .gray256), ("1200x825", .bw),
        ("1872x1404", .gray16),
    ]
    for (size, colors) in panels {
        Benchmark("Render \(size) \(colors.rawValue) frame (payloads -> PNG)") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try RenderCase.render(messages, size: size, colors: colors))
            }
        }
    }

    additionBenchmarks()
    warningAndNowcastBenchmarks()
    discoveryBenchmarks()
}

/// One provider's largest recording and how the bridge decodes it.
struct ProviderCase: Sendable {
    var name: String
    var provider: String
    var location: LocationInfo
    var now: Date
    var decode: @Sendable () throws -> Forecast

    static let berlin = LocationInfo(
        id: "berlin", name: "Berlin", latitude: 52.52, longitude: 13.405, timezone: "Europe/Berlin")

    func decodeAndNormalise() throws -> [[UInt8]] {
        Self.encode(try decode(), provider: provider, location: location, now: now)
    }

    /// The four payloads as the bridge publishes them (JSON bytes).
    static func encode(
        _ forecast: Forecast, provider: String, location: LocationInfo, now: Date = instant(BenchPaths.now)
    ) -> [[UInt8]] {
        let zone = location.timezone.flatMap(ZoneInfo.init(identifier:)) ?? .utc
        let builder = PayloadBuilder(
            location: location, zone: zone, provider: provider,
            attribution: ProviderCatalog.attribution(for: provider), fetchedAt: now,
            expiresAt: now.addingTimeInterval(900), units: .metric)
        let payloads = builder.payloads(for: forecast, now: now)
        return [
            payloads.current.utf8Bytes, payloads.hourly.utf8Bytes, payloads.daily.utf8Bytes, payloads.alerts.utf8Bytes,
        ]
    }

    static func instant(_ text: String) -> Date { ISO8601.date(text)! }

    static let all: [ProviderCase] = {
        let newYork = LocationInfo(
            id: "new-york", name: "New York", latitude: 40.71, longitude: -74.01, timezone: "America/New_York")
        let openMeteo = BenchPaths.fixture("open-meteo", "forecast_current_hourly_daily_newyork_iso8601.json")
        let full = BenchPaths.read(BenchPaths.openMeteoAnswer)
        let owm = BenchPaths.fixture("openweathermap", "forecast25_hourly_pro_4day_arctic_2024.json")
        let owm4 = [
            "onecall4_current_lisbon_metric_2026.json", "onecall4_timeline1h_page1_prev_next_lisbon_2026.json",
            "onecall4_timeline1day_lisbon_2026.json",
        ].map { BenchPaths.fixture("openweathermap", $0) }
        let pirate = BenchPaths.fixture("pirateweather", "forecast_full_newyork_si_with_alerts.json")
        let metno = BenchPaths.fixture("metno", "locationforecast2_complete_london_2020.json")
        let nws12h = BenchPaths.fixture("nws", "gridpoints_forecast_12h_periods_lwx_si.json")
        let nwsHourly = BenchPaths.fixture("nws", "gridpoints_forecast_hourly_lwx_si.json")
        let london = LocationInfo(
            id: "london", name: "London", latitude: 51.5, longitude: -0.12, timezone: "Europe/London")
        let arctic = LocationInfo(
            id: "arctic", name: "Arctic", latitude: 82.8628, longitude: 135, timezone: "Etc/GMT-9")
        let lisbon = LocationInfo(
            id: "lisbon", name: "Lisbon", latitude: 38.7223, longitude: -9.1393, timezone: "Europe/Lisbon")
        let washington = LocationInfo(
            id: "washington", name: "Washington", latitude: 38.8894, longitude: -77.0352, timezone: "America/New_York")
        return [
            ProviderCase(
                name: "open-meteo (newyork recording, 9 KB)", provider: "open-meteo", location: newYork,
                now: instant("2026-02-06T21:45:00Z"),
                decode: { try OpenMeteo.decode(openMeteo, timezone: "America/New_York") }),
            ProviderCase(
                name: "open-meteo (full answer the bridge asks for, 17 KB)", provider: "open-meteo", location: berlin,
                now: instant(BenchPaths.now), decode: { try OpenMeteo.decode(full, timezone: "Europe/Berlin") }),
            ProviderCase(
                name: "openweathermap (hourly pro, 95 KB)", provider: "openweathermap", location: arctic,
                now: instant("2024-07-04T19:30:00Z"),
                decode: { try OpenWeatherMap.decode(owm, units: .standard, timezone: "Etc/GMT-9") }),
            ProviderCase(
                name: "openweathermap one call 4.0 (current + 20 hours + 10 days, 19 KB)", provider: "openweathermap",
                location: lisbon, now: instant("2026-08-02T10:53:24Z"),
                decode: {
                    try OpenWeatherMap.decodeOneCall4(
                        current: owm4[0], hourly: [owm4[1]], daily: [owm4[2]], timezone: "Europe/Lisbon")
                }),
            ProviderCase(
                name: "pirate-weather (full, alerts, 51 KB)", provider: "pirate-weather", location: newYork,
                now: instant("2026-02-06T21:45:00Z"),
                decode: { try PirateWeather.decode(pirate, requestedUnits: "si", timezone: "America/New_York") }),
            ProviderCase(
                name: "met-no (complete, 97 KB)", provider: "met-no", location: london,
                now: instant("2020-07-20T11:44:31Z"),
                decode: {
                    try MetNo.decode(
                        metno, zone: ZoneInfo(identifier: "Europe/London")!, now: instant("2020-07-20T11:44:31Z"))
                }),
            ProviderCase(
                name: "nws (12-hour + hourly, 120 KB)", provider: "nws", location: washington,
                now: instant("2026-02-06T21:45:06Z"),
                decode: {
                    try NWS.decode(
                        forecast: nws12h, hourly: nwsHourly, zone: ZoneInfo(identifier: "America/New_York")!,
                        now: instant("2026-02-06T21:45:06Z"))
                }),
        ]
    }()
}

/// `weatherview render` without the broker: payload bytes -> frame bytes.
enum RenderCase {
    static func messages(_ forecast: Forecast) -> [String: [UInt8]] {
        let payloads = ProviderCase.encode(forecast, provider: "open-meteo", location: ProviderCase.berlin)
        var messages: [String: [UInt8]] = [:]
        for (kind, bytes) in zip(["current", "hourly", "daily", "alerts"], payloads) {
            messages["weather/berlin/" + kind] = bytes
        }
        return messages
    }

    static func render(_ messages: [String: [UInt8]], size: String, colors: ColorMode = .bw) throws -> [UInt8] {
        let payloads = try LocationPayloads(base: "weather", location: "berlin", messages: messages)
        let model = try WeatherViewModel(payloads: payloads, now: ProviderCase.instant(BenchPaths.now))
        let render = PanelRender(panel: PanelProfile.size(size)!, colors: colors, format: .png)
        return render.encode(FrameInput(model))
    }
}
