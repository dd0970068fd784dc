import BenchSupport
import Benchmark
import Foundation
import Providers
import WeatherModel
import WireContract

/// The decoders and payloads of issue 22's second round: the nowcasts of MET Norway (Nowcast
/// 2.0) and One Call 4.0 (`timeline/15min`), the warning sources (MetAlerts, Bright Sky, NWS,
/// a One Call 4.0 alert's detail) and the `alerts` and `alerts/event` payloads. The One Call 4.0
/// forecast is a "Decode+normalise" case in `Pipeline.swift`.
func warningAndNowcastBenchmarks() {
    let oslo = LocationInfo(id: "oslo", name: "Oslo", latitude: 59.91, longitude: 10.75, timezone: "Europe/Oslo")
    let zone = ZoneInfo(identifier: "Europe/Oslo")!
    func builder(_ provider: String, at now: Date, zone: ZoneInfo = zone) -> PayloadBuilder {
        PayloadBuilder(
            location: oslo, zone: zone, provider: provider, attribution: ProviderCatalog.attribution(for: provider),
            fetchedAt: now, expiresAt: now.addingTimeInterval(900), units: .metric)
    }

    let metNo = BenchPaths.fixture("nowcast/metno", "nowcast2_complete_trondheim_rain_onset_2023.json")
    let metNoNow = ProviderCase.instant("2023-08-14T18:16:07Z")
    let metNoBuilder = builder("met-no", at: metNoNow)
    Benchmark("Nowcast: decode met-no nowcast 2.0 (5-minute steps, 5.5 KB) + payload") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(metNoBuilder.nowcast(try MetNo.decodeNowcast(metNo), now: metNoNow).utf8Bytes)
        }
    }

    let owm = BenchPaths.fixture("nowcast/openweathermap", "onecall4_timeline15min_rain_onset_manila_2026.json")
    let owmNow = ProviderCase.instant("2026-08-02T11:30:00Z")
    let owmBuilder = builder("openweathermap", at: owmNow, zone: ZoneInfo(identifier: "Asia/Manila")!)
    Benchmark("Nowcast: decode openweathermap 4.0 timeline/15min (50 records, 23 KB) + payload") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(owmBuilder.nowcast(try OpenWeatherMap.decodeNowcast(owm)!, now: owmNow).utf8Bytes)
        }
    }

    let metAlerts = BenchPaths.fixture("metalerts", "metalerts2_current_marine_gale_2025.json")
    let brightSky = BenchPaths.fixture("brightsky", "alerts_weiherhammer_strong_heat_health_2023.json")
    let nws = BenchPaths.fixture("nws", "alerts_active_zone.json")
    let detail = BenchPaths.fixture("openweathermap-alerts", "onecall4_alert_detail_chile_rain_2026.json")
    let decoders: [(String, @Sendable () throws -> [Alert])] = [
        ("Warnings: decode MetAlerts (3 alerts, 11 KB)", { try MetAlerts.decode(metAlerts) }),
        ("Warnings: decode Bright Sky (1 alert, 1.6 KB)", { try BrightSkyAlerts.decode(brightSky, language: nil) }),
        ("Warnings: decode NWS alerts/active (1 alert, 7.7 KB)", { try NWS.decodeAlerts(nws) }),
        (
            "Warnings: decode openweathermap 4.0 alert detail (1 alert, 0.4 KB)",
            { [try OneCall4AlertDetail.decode(detail, language: nil)] }
        ),
    ]
    for (name, decode) in decoders {
        Benchmark(name) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try decode())
            }
        }
    }

    // The three MetAlerts warnings, all in force at `alertsNow`.
    let alertsNow = ProviderCase.instant("2025-06-04T12:00:00Z")
    let forecast = {
        var forecast = try! OpenMeteo.decode(BenchPaths.read(BenchPaths.openMeteoAnswer), timezone: "Europe/Oslo")
        forecast.alerts = try! MetAlerts.decode(metAlerts)
        return forecast
    }()
    let alertsBuilder = builder("met-no", at: alertsNow)
    Benchmark("Alerts payload (3 MetAlerts warnings)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(alertsBuilder.alerts(forecast, now: alertsNow).utf8Bytes)
        }
    }

    let event = AlertEvent(change: .new, alert: forecast.alerts![0])
    Benchmark("Alert event payload (one MetAlerts warning)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(AlertEvents.payload(event, location: oslo, zone: zone, at: alertsNow).utf8Bytes)
        }
    }
}
