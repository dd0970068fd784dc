import Configuration
import Foundation
import Providers
import TestSupport
import Testing
import WeatherModel
import WireContract

@testable import Bridge

/// MET Norway's Nowcast and air quality as feeds: their decisions and what an answer does,
/// bytes in and values out, without a broker, a server or a process.
@Suite("Feeds: met.no nowcast and air quality decide and apply as values")
struct AskedFeedsTests {
    let now = Date(timeIntervalSince1970: 1_790_000_000)
    let trondheim = LocationSettings(id: "trd", latitude: 63.43, longitude: 10.39, providers: ["met-no"])
    let rome = LocationSettings(id: "rom", latitude: 41.9, longitude: 12.5, providers: ["met-no"])

    func configuration(budgets: [String: Int] = [:], locations: [LocationSettings]) -> BridgeConfiguration {
        var providers: [String: ProviderSettings] = [:]
        for (name, budget) in budgets {
            providers[name] = ProviderSettings(name: name, baseURL: "http://127.0.0.1:9", dailyBudget: budget)
        }
        return BridgeConfiguration(contact: "tests@example.com", providers: providers, locations: locations)
    }

    func served(by provider: String?) -> LocationState {
        var state = LocationState(nextPoll: now.addingTimeInterval(600))
        state.provider = provider
        return state
    }

    func response(_ status: Int, _ body: [UInt8] = Array("{}".utf8)) -> Result<ProviderResponse, ProviderError> {
        .success(ProviderResponse(status: status, body: body, receivedAt: now))
    }

    @Test("met.no nowcast: asked for a met-no location in the area every 5 minutes, as one met-no call")
    func metNoDecides() {
        let feed = MetNoNowcastFeed(configuration: configuration(budgets: ["met-no": 10], locations: [trondheim]))
        #expect(
            feed.decide(trondheim, state: served(by: "met-no"), now: now)
                == .ask(provider: "met-no", calls: 1))
        #expect(
            feed.decide(trondheim, state: served(by: "open-meteo"), now: now)
                == .skip(until: nil, log: nil))
        #expect(
            feed.decide(rome, state: served(by: "met-no"), now: now) == .skip(until: nil, log: nil))
        var asked = served(by: "met-no")
        asked.nowcastFetchedAt = now.addingTimeInterval(-299)
        #expect(
            feed.decide(trondheim, state: asked, now: now)
                == .skip(until: now.addingTimeInterval(1), log: nil))
        asked.nowcastFetchedAt = now.addingTimeInterval(-MetNoNowcastFeed.cadence.seconds)
        #expect(feed.decide(trondheim, state: asked, now: now).asks)
        #expect(feed.overBudget(trondheim) == nil)
    }

    @Test("met.no nowcast: an answer is decoded, a 422 says outside the area, a failure keeps the last nowcast")
    func metNoApplies() throws {
        let feed = MetNoNowcastFeed(configuration: configuration(locations: [trondheim]))
        let body = Fixtures.bytes("nowcast/metno", "nowcast2_complete_trondheim_rain_onset_2023.json")
        let decoded = feed.apply(response(200, body), to: served(by: "met-no"), for: trondheim, now: now)
        #expect(decoded.state.nowcast == (try MetNo.decodeNowcast(body)))
        #expect(decoded.state.nowcastFetchedAt == now)
        #expect(decoded.logs.isEmpty)
        #expect(decoded.publish == [.nowcast, .outlook, .airQuality])
        let outside = feed.apply(response(422), to: served(by: "met-no"), for: trondheim, now: now)
        #expect(outside.state.nowcast?.unavailableReason == "the location is outside MET Norway's Nowcast area")
        for failure in [response(500), .failure(ProviderError.unreachable("refused"))] {
            let failed = feed.apply(failure, to: decoded.state, for: trondheim, now: now.addingTimeInterval(300))
            #expect(failed.state.nowcast == decoded.state.nowcast)
            #expect(failed.state.nowcastFetchedAt == now.addingTimeInterval(300))
            #expect(failed.logs.map(\.level) == [.warning])
            #expect(failed.logs.first?.message.hasPrefix("met.no nowcast failed: ") == true)
        }
    }

    @Test("air quality: asked hourly for air_quality locations; refused by the budget, a warning")
    func airQualityDecides() throws {
        var berlin = LocationSettings(id: "ber", latitude: 52.5, longitude: 13.4)
        berlin.airQuality = true
        let calls = OpenMeteoAirQuality.callsPerFetch
        let feed = AirQualityFeed(configuration: configuration(budgets: ["open-meteo": 100], locations: [berlin]))
        let fresh = served(by: "open-meteo")
        #expect(
            feed.decide(berlin, state: fresh, now: now) == .ask(provider: "open-meteo", calls: calls))
        let off = LocationSettings(id: "off", latitude: 52.5, longitude: 13.4)
        #expect(feed.decide(off, state: fresh, now: now) == .skip(until: nil, log: nil))
        var asked = fresh
        asked.airQualityFetchedAt = now.addingTimeInterval(-3599)
        #expect(
            feed.decide(berlin, state: asked, now: now)
                == .skip(until: now.addingTimeInterval(1), log: nil))
        asked.airQualityFetchedAt = now.addingTimeInterval(-AirQualityFeed.cadence.seconds)
        #expect(feed.decide(berlin, state: asked, now: now) == .ask(provider: "open-meteo", calls: calls))
        let line = try #require(feed.overBudget(berlin))
        #expect(line.level == .warning)
        #expect(line.message == "air quality skipped: the open-meteo daily budget is used up")
    }

    @Test("air quality: an answer is decoded and trimmed to the hours kept; a failure changes nothing else")
    func airQualityApplies() throws {
        var brno = LocationSettings(id: "brn", latitude: 49.2, longitude: 16.6, timezone: "Europe/Prague")
        brno.airQuality = true
        let feed = AirQualityFeed(configuration: configuration(locations: [brno]))
        let body = Fixtures.bytes("air-quality/open-meteo", "airquality_hourly_eaqi_uv_pollen_brno_unixtime_2026.json")
        let decoded = try OpenMeteoAirQuality.decode(body)
        // 36 hours into the answer: the hours more than a day before the one containing `at` are
        // dropped (the day before it is the payload's past_hours).
        let at = decoded.hours[36].time
        let applied = feed.apply(response(200, body), to: served(by: "open-meteo"), for: brno, now: at)
        let kept = try #require(applied.state.airQuality)
        #expect(kept.hours.first?.time == decoded.hours[12].time)
        #expect(kept.hours.count < decoded.hours.count)
        #expect(
            kept.hours.last.map { $0.time <= PollingRules.airQualityHoursKept(fetchedAt: at, hourLimit: 48) } == true)
        #expect(applied.state.airQualityFetchedAt == at)
        #expect(applied.logs == [LogLine(.info, "air quality refreshed", ["location": "brn"])])
        #expect(applied.publish == [.airQuality])
        let failed = feed.apply(response(503), to: applied.state, for: brno, now: at.addingTimeInterval(3600))
        #expect(failed.state.airQuality == applied.state.airQuality)
        #expect(failed.logs.first?.message.hasPrefix("air quality failed: ") == true)
    }
}
