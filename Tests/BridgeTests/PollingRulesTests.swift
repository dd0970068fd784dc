import Configuration
import Foundation
import Providers
import TestSupport
import Testing
import WeatherModel
import WireContract

@testable import Bridge

/// The one effective interval, stale rule and budget limit that `run`, `fetch`, `check` and the
/// status share; the budget and not-before skips of a refresh; and the service executing a
/// transition — all in process.
@Suite("Polling rules: one interval, one stale rule, one budget", .serialized)
struct PollingRulesTests {
    let now = Date(timeIntervalSince1970: 1_790_000_000)

    @Test(
        "the run loop wakes at the nearest next poll, in half a second at the soonest, a minute or the watchdog's at the latest"
    )
    func wake() {
        #expect(PollingRules.wake(nextPolls: [now + 30, now + 10], watchdog: nil, now: now) == 10)
        #expect(PollingRules.wake(nextPolls: [now - 5], watchdog: nil, now: now) == 0.5)
        #expect(PollingRules.wake(nextPolls: [now + 3600], watchdog: nil, now: now) == 60)
        #expect(PollingRules.wake(nextPolls: [Date](), watchdog: nil, now: now) == 60)
        #expect(PollingRules.wake(nextPolls: [now + 3600], watchdog: 15, now: now) == 15)
    }

    @Test("the effective interval is the configured one, never under any provider's minimum")
    func effectiveInterval() {
        let metNo = LocationSettings(id: "a", latitude: 59.9, longitude: 10.7, providers: ["met-no"], interval: 300)
        let fallback = LocationSettings(
            id: "b", latitude: 59.9, longitude: 10.7, providers: ["open-meteo", "nws"], interval: 120)
        let slow = LocationSettings(id: "c", latitude: 59.9, longitude: 10.7, providers: ["met-no"], interval: 1800)
        let fast = LocationSettings(id: "d", latitude: 59.9, longitude: 10.7, providers: ["open-meteo"], interval: 60)
        #expect(PollingRules.interval(of: metNo) == 600)
        #expect(PollingRules.interval(of: fallback) == 600)
        #expect(PollingRules.interval(of: slow) == 1800)
        #expect(PollingRules.interval(of: fast) == 60)
        #expect(PollingRules.expiresAt(fetchedAt: now, location: metNo, lifetime: nil) == now.addingTimeInterval(600))
        #expect(PollingRules.expiresAt(fetchedAt: now, location: metNo, lifetime: 7200) == now.addingTimeInterval(7200))
    }

    @Test(
        "a fresh answer keeps the hours a payload can reach while in use: the hour of now to hours (≥ 48 h) past the stale point, plus a day"
    )
    func hoursKept() {
        let location = LocationSettings(
            id: "a", latitude: 52.5, longitude: 13.4, providers: ["open-meteo"], interval: 900)
        let expiresAt = now.addingTimeInterval(900)
        // 48 hourly entries (the default) from a usable-until of expiresAt + 900 s, plus a day.
        #expect(
            PollingRules.hoursKept(until: expiresAt, location: location, hourLimit: 48, intervalMinutes: 60)
                == expiresAt.addingTimeInterval(900 + 48 * 3600 + 86400))
        // Fewer hourly entries still keep the outlook's 48 h; more keep more; 3-hour steps count as 3 h.
        #expect(
            PollingRules.hoursKept(until: expiresAt, location: location, hourLimit: 6, intervalMinutes: 60)
                == expiresAt.addingTimeInterval(900 + 48 * 3600 + 86400))
        #expect(
            PollingRules.hoursKept(until: expiresAt, location: location, hourLimit: 120, intervalMinutes: 60)
                == expiresAt.addingTimeInterval(900 + 120 * 3600 + 86400))
        #expect(
            PollingRules.hoursKept(until: expiresAt, location: location, hourLimit: 40, intervalMinutes: 180)
                == expiresAt.addingTimeInterval(900 + 120 * 3600 + 86400))

        // An 8-day answer starting at midnight: the hours before the one containing now and those
        // past the limit go; the days are untouched.
        let midnight = now.addingTimeInterval(-13 * 3600 - 1200)
        var forecast = Forecast(
            current: .init(time: now),
            hours: (0..<192).map { Reading(time: midnight.addingTimeInterval(Double($0) * 3600)) },
            days: [Day(date: CivilDate(year: 2026, month: 9, day: 21))])
        let until = PollingRules.hoursKept(until: expiresAt, location: location, hourLimit: 48, intervalMinutes: 60)
        forecast.keepHours(from: now, until: until)
        #expect(forecast.hours.first?.time == midnight.addingTimeInterval(13 * 3600))
        #expect(forecast.hours.allSatisfy { $0.time < until } && forecast.hours.count == 73)
        #expect(forecast.days.count == 1)
    }

    @Test(
        "an air-quality answer keeps hours (≥ 48) from a day past its fetch; its air_quality payload is the same for that day"
    )
    func airQualityHoursKept() throws {
        #expect(PollingRules.airQualityHoursKept(fetchedAt: now, hourLimit: 48) == now.addingTimeInterval(72 * 3600))
        #expect(PollingRules.airQualityHoursKept(fetchedAt: now, hourLimit: 6) == now.addingTimeInterval(72 * 3600))
        #expect(PollingRules.airQualityHoursKept(fetchedAt: now, hourLimit: 96) == now.addingTimeInterval(120 * 3600))

        // Open-Meteo's day before and week of hours from a Berlin midnight (`past_days=1`), each
        // field's value a different function of the hour, so every day has its own maxima at its
        // own hours.
        let zone = try #require(ZoneCache.zone("Europe/Berlin"))
        let midnight = zone.startOfDay(zone.localDate(now)).addingTimeInterval(-86400)
        let hours = (0..<192).map { hour -> AirQualitySample in
            var values = AirQualityValues()
            values[.pm2_5] = Double((hour * 37) % 101)
            values[.ozone] = Double((hour * 53) % 89) + 0.5
            values[.birchPollen] = hour % 5 == 0 ? nil : Double(hour % 24)
            return AirQualitySample(time: midnight.addingTimeInterval(Double(hour) * 3600), values: values)
        }
        let whole = AirQuality(source: "open-meteo air-quality", current: nil, hours: hours)
        var kept = whole
        let until = PollingRules.airQualityHoursKept(fetchedAt: now, hourLimit: 48)
        kept.keepHours(from: now, until: until, zone: zone)
        // The 24 hours before the one containing the fetch (past_hours), then 73 from it.
        #expect(kept.hours.count == 24 + 73 && kept.hours.allSatisfy { $0.time < until })
        let hourBefore = now.addingTimeInterval(-86400)
        #expect(kept.hours.first.map { $0.time <= hourBefore && $0.time.addingTimeInterval(3600) > hourBefore } == true)
        #expect(kept.pastHours(before: now).count == 24 && whole.pastHours(before: now).count == 24)

        let builder = PayloadBuilder(
            location: LocationInfo(id: "berlin", name: "Berlin", latitude: 52.5, longitude: 13.4),
            zone: zone, provider: "open-meteo", attribution: nil, fetchedAt: now,
            expiresAt: now.addingTimeInterval(3600), units: .metric)
        for later in stride(from: 0.0, through: 86400, by: 3 * 3600 + 17) {
            let moment = now.addingTimeInterval(later)
            #expect(
                builder.airQuality(kept, now: moment).utf8Bytes == builder.airQuality(whole, now: moment).utf8Bytes,
                "air_quality \(later / 3600) h after the fetch")
        }
        // Days kept in one zone are not taken for another's: those come from the hours kept.
        let utcDays = kept.dailyMaxima(zone: .utc, from: now)
        #expect(utcDays.count == 4 && utcDays.count < whole.dailyMaxima(zone: .utc, from: now).count)
    }

    @Test("status at its boundaries: waiting, error, ok up to a whole effective interval past expiry, then stale")
    func statusBoundaries() {
        let metNo = LocationSettings(id: "a", latitude: 59.9, longitude: 10.7, providers: ["met-no"], interval: 300)
        var state = LocationState(nextPoll: now)
        #expect(PollingRules.status(state, location: metNo, now: now) == "waiting")
        state.consecutiveFailures = 1
        #expect(PollingRules.status(state, location: metNo, now: now) == "error")
        state.forecast = Forecast(current: .init(time: now))
        // As an answer at `now` left it (LocationSchedule): fetched, succeeded, expiring 600 s on.
        state.fetchedAt = now
        state.lastSuccess = now
        state.expiresAt = now.addingTimeInterval(600)
        #expect(PollingRules.status(state, location: metNo, now: now) == "ok")
        // The threshold is the effective 600 s, not the configured 300 s.
        #expect(PollingRules.status(state, location: metNo, now: now.addingTimeInterval(1200)) == "ok")
        #expect(PollingRules.status(state, location: metNo, now: now.addingTimeInterval(1201)) == "stale")
    }

    @Test("a provider's daily budget: daily_budget when set, else its default (OpenWeatherMap by api)")
    func dailyBudget() {
        let configuration = BridgeConfiguration(
            providers: [
                "open-meteo": ProviderSettings(name: "open-meteo", baseURL: "http://127.0.0.1:1", dailyBudget: 5),
                "openweathermap": ProviderSettings(name: "openweathermap", baseURL: "http://127.0.0.1:1", api: "free"),
            ],
            locations: [LocationSettings(id: "a", latitude: 1, longitude: 2)])
        #expect(PollingRules.dailyBudget("open-meteo", configuration: configuration) == 5)
        #expect(PollingRules.dailyBudget("openweathermap", configuration: configuration) == 50_000)
        #expect(PollingRules.dailyBudget("pirate-weather", configuration: configuration) == 300)
    }

    /// A configuration with one open-meteo location on a port nobody listens on: the refresher
    /// below must decide without asking.
    func refresher(budget: Int?) throws -> (Refresher, LocationSettings) {
        let location = LocationSettings(
            id: "a", latitude: 52.5, longitude: 13.4, providers: ["open-meteo"], interval: 900)
        let configuration = BridgeConfiguration(
            providers: [
                "open-meteo": ProviderSettings(name: "open-meteo", baseURL: "http://127.0.0.1:9", dailyBudget: budget)
            ],
            locations: [location])
        let providers = try Refresher.makeProviders(configuration, pointsCache: nil)
        return (
            Refresher(
                configuration: configuration, providers: providers, transport: HTTPTransport(clock: BridgeClock())),
            location
        )
    }

    @Test("budget used up: the provider is skipped unasked, and the failure backs off with 69")
    func budgetExhausted() async throws {
        let (refresher, location) = try refresher(budget: 3)
        let budget = BudgetLedger(limits: BudgetLimits(configuration: refresher.configuration), store: nil, now: now)
        #expect(budget.reserve("open-meteo", calls: 3, now: now).granted)
        let outcome = await refresher.refresh(location, state: LocationState(nextPoll: now), budget: budget, now: now)
        #expect(budget.budget(at: now).usedToday("open-meteo") == 3, "asked")
        let t = LocationSchedule.apply(
            outcome, to: LocationState(nextPoll: now), location: location, now: now, random: 0.5)
        #expect(t.exitCode == ExitCode.unavailable)
        #expect(t.state.lastError?.message == "rate limited: daily budget of 3 requests used up")
        #expect(t.state.nextPoll == now.addingTimeInterval(60))
        #expect(t.state.notBefore.isEmpty)
    }

    @Test("a provider's not-before is honoured unasked, and the wait carries on as Retry-After")
    func notBeforeHonoured() async throws {
        let (refresher, location) = try refresher(budget: nil)
        var state = LocationState(nextPoll: now)
        state.notBefore["open-meteo"] = now.addingTimeInterval(1800)
        let budget = BudgetLedger(limits: BudgetLimits(configuration: refresher.configuration), store: nil, now: now)
        let outcome = await refresher.refresh(location, state: state, budget: budget, now: now)
        #expect(budget.budget(at: now).usedToday("open-meteo") == 0, "asked")
        let t = LocationSchedule.apply(outcome, to: state, location: location, now: now, random: 0.5)
        #expect(t.state.nextPoll == now.addingTimeInterval(1800))
        #expect(t.state.notBefore["open-meteo"] == now.addingTimeInterval(1800))
        #expect(t.logs[0].message.hasSuffix("honouring Retry-After: 1800 s"))
    }

    @Test("the location runner executes a transition: state kept, saved with the round; a cancellation changes nothing")
    func runnerApplies() throws {
        let location = LocationSettings(
            id: "a", latitude: 52.5, longitude: 13.4, providers: ["open-meteo"], interval: 900)
        let inProcess = try RunnerInProcess(location)
        let runner = inProcess.runner
        let feed = ForecastFeed(configuration: inProcess.configuration, providers: [:])
        let now = Date()
        func update(_ outcome: Refresher.Outcome, _ state: LocationState?) throws -> FeedUpdate {
            let answer = ForecastFeed.Answer(outcome: outcome, random: 0)
            return feed.apply(answer, to: try #require(state), for: location, now: now)
        }
        let before = runner.book.states["a"]
        #expect(runner.execute(try update(.cancelled, before), for: location) == ExitCode.success)
        #expect(runner.book.states["a"] == before)
        #expect(inProcess.saved("a") == nil)
        let code = runner.execute(
            try update(.failed([("open-meteo", .unreachable("refused"))]), before), for: location)
        #expect(code == ExitCode.unavailable)
        let after = runner.book.states["a"]
        #expect(after?.consecutiveFailures == 1)
        #expect(after?.lastError?.provider == "open-meteo")
        // Saved with the round's batch (one syncfs and folder fsync for all its locations).
        runner.persistChanged()
        #expect(inProcess.saved("a")?.consecutiveFailures == 1)
    }

    @Test("fetch and run agree on expires_at: met.no at interval 300 expires after the effective 600 s")
    func fetchAndRunAgree() async throws {
        let server = try FixtureServer.start()
        let answer = FixtureResponse(
            bodyFile: TestPaths.fixture("metno", "locationforecast2_compact_newyork_2020.json"))
        try server.route("/weatherapi/locationforecast/2.0/complete", [answer, answer])
        let folder = TemporaryFolder()
        let path = folder.write(
            "config.yaml",
            """
            state_dir: \(folder.path)/state
            contact: tests@example.com
            providers:
              met-no: { base_url: \(server.baseURL) }
            locations:
              - id: here
                latitude: 40.7
                longitude: -74.0
                timezone: America/New_York
                providers: [met-no]
                interval: 5m
            """)
        // The recording's own time, as `WEATHER2MQTT_NOW` gives the `fetch` process.
        let loaded = try BridgeSetup.load(configPath: path)
        let clock = BridgeClock(offset: try #require(ISO8601.date("2020-07-01T12:00:00Z")).timeIntervalSinceNow)
        let refresher = Refresher(
            configuration: loaded.configuration, providers: loaded.refresher.providers,
            transport: HTTPTransport(clock: clock))
        let setup = BridgeSetup(
            configuration: loaded.configuration, clock: clock, log: loaded.log, refresher: refresher)
        let location = try #require(setup.configuration.locations.first)
        // fetch: expires_at - fetched_at of the printed current payload.
        let (text, code) = await OneShotFetch(setup: setup).run(location: nil)
        #expect(code == ExitCode.success, "\(text)")
        let json = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        let current = (json?["here"] as? [String: Any])?["current"] as? [String: Any]
        let fetchedAt = try #require(ISO8601.date(current?["fetched_at"] as? String ?? ""))
        let expiresAt = try #require(ISO8601.date(current?["expires_at"] as? String ?? ""))
        // run: the same answer through the schedule.
        let now = setup.clock.now()
        let outcome = await setup.refresher.refresh(
            location, state: LocationState(nextPoll: now),
            budget: BudgetLedger(limits: BudgetLimits(configuration: setup.configuration), store: nil, now: now),
            now: now)
        let t = LocationSchedule.apply(
            outcome, to: LocationState(nextPoll: now), location: location, now: now, random: 0)
        let runLifetime = try #require(t.state.expiresAt).timeIntervalSince(now)
        #expect(expiresAt.timeIntervalSince(fetchedAt).rounded() == runLifetime.rounded())
        #expect(runLifetime == PollingRules.interval(of: location))
        #expect(runLifetime == 600)
    }
}
