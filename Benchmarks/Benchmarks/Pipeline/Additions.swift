import BenchSupport
import Benchmark
import Foundation
import Providers
import WeatherModel
import WireContract

/// The payloads and decoders added after issue 10 (issue 22 asks for them here): the nowcast
/// (Open-Meteo `minutely_15`), the outlook, air quality (the Air Quality API's 7 days of hours)
/// and MeteoAlarm's feeds — each decoded from the bytes a provider sends, then built into the
/// payload's JSON bytes as the bridge publishes it.
func additionBenchmarks() {
    let answer = BenchPaths.read(BenchPaths.openMeteoAnswer)
    let forecast = try! OpenMeteo.decode(answer, timezone: "Europe/Berlin")
    let now = ProviderCase.instant(BenchPaths.now)
    let zone = ZoneInfo(identifier: "Europe/Berlin")!
    let builder = PayloadBuilder(
        location: ProviderCase.berlin, zone: zone, provider: "open-meteo",
        attribution: ProviderCatalog.attribution(for: "open-meteo"), fetchedAt: now,
        expiresAt: now.addingTimeInterval(900), units: .metric)

    Benchmark("Nowcast: decode open-meteo minutely_15 + payload") { benchmark in
        for _ in benchmark.scaledIterations {
            let nowcast = try OpenMeteo.decodeNowcast(answer)!
            blackHole(builder.nowcast(nowcast, now: now).utf8Bytes)
        }
    }

    Benchmark("Outlook payload (from the decoded forecast)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(builder.outlook(forecast, now: now).utf8Bytes)
        }
    }

    let air = BenchPaths.read(BenchPaths.benchmarks + "/Fixtures/open-meteo-berlin-full-air-quality.json")
    Benchmark("Air quality: decode open-meteo (7 days, 16 variables, 15 KB) + payload") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(builder.airQuality(try OpenMeteoAirQuality.decode(air), now: now).utf8Bytes)
        }
    }

    let germany = BenchPaths.fixture("meteoalarm", "api_v1_feeds_germany_dwd_2026_trimmed.json")
    let bosnia = BenchPaths.fixture("meteoalarm", "api_v1_feeds_bosnia_herzegovina_2024.json")
    let atom = BenchPaths.fixture("meteoalarm", "atom_legacy_germany_2023_trimmed.xml")
    for (name, feed, region) in [
        ("MeteoAlarm: decode JSON feed, Bosnia-Herzegovina (70 KB), one region", bosnia, "BA003"),
        ("MeteoAlarm: decode JSON feed, Germany (18 KB), one region", germany, "DE808"),
        ("MeteoAlarm: decode Atom feed, Germany (33 KB), one region", atom, "DE300"),
    ] {
        Benchmark(name) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try MeteoAlarm.decode(feed, region: region, language: "en"))
            }
        }
    }
}
