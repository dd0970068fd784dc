import Configuration
import Foundation
import Providers
import TestSupport
import Testing
import WeatherModel
import WireContract

@testable import Bridge

/// The locations' runner: what an update does to the book (values only), and a forecast round
/// executed through a transport that answers in memory — no broker, no server, no process.
@Suite("Location runner: rounds and asked feeds decided by values, executed without a broker")
struct LocationRunnerTests {
    let now = Date(timeIntervalSince1970: 1_790_000_000)

    func location(_ id: String) -> LocationSettings {
        LocationSettings(id: id, latitude: -40, longitude: -140, providers: ["open-meteo"], interval: 900)
    }

    func book(_ ids: [String], nextPoll: Date) -> LocationBook {
        LocationBook(
            states: Dictionary(uniqueKeysWithValues: ids.map { ($0, LocationState(nextPoll: nextPoll)) }),
            saving: StateSaving(directory: "/nowhere", journalSequence: 0))
    }

    @Test("an update is kept, marked for saving, its lines said and its topics published; a cancelled one does nothing")
    func records() {
        var book = book(["a"], nextPoll: now)
        var state = LocationState(nextPoll: now.addingTimeInterval(900))
        state.consecutiveFailures = 1
        let line = LogLine(.warning, "open-meteo failed")
        var cancelled = FeedUpdate(state: state, publish: [.current], logs: [line])
        cancelled.changed = false
        #expect(book.record(cancelled, for: location("a"), now: now).isEmpty)
        #expect(book.states["a"] == LocationState(nextPoll: now))
        #expect(book.saving.takeChanged().isEmpty)

        let update = FeedUpdate(state: state, publish: [.current], logs: [line])
        #expect(
            book.record(update, for: location("a"), now: now) == [.log(line), .publish(LocationPayloads.readings)])
        #expect(book.states["a"] == state)
        #expect(book.saving.takeChanged() == ["a"])
        let alertsOnly = FeedUpdate(state: state, publish: [.alerts], logs: [])
        #expect(book.record(alertsOnly, for: location("a"), now: now) == [.publish([.alerts])])
        #expect(book.record(FeedUpdate(state: state, publish: [], logs: []), for: location("a"), now: now).isEmpty)
    }

    @Test("due: the locations the feed asks now, in order; a location never seen is due")
    func due() {
        let book = book(["a", "b"], nextPoll: now.addingTimeInterval(60))
        let locations = [location("a"), location("b"), location("c")]
        let configuration = BridgeConfiguration(locations: locations)
        let feed = ForecastFeed(configuration: configuration, providers: [:])
        #expect(book.due(locations, for: feed, now: now).map(\.id) == ["c"])
        #expect(book.due(locations, for: feed, now: now.addingTimeInterval(60)).map(\.id) == ["a", "b", "c"])
    }

    @Test("a status shows the budget as of its location's last refresh, not each request since")
    func statuses() {
        var book = book(["a"], nextPoll: now)
        let limits = BudgetLimits(configuration: BridgeConfiguration(locations: [location("a")]))
        var asked = 0
        func budget() -> RequestBudget {
            asked += 1
            return RequestBudget(day: CivilDate(year: 2026, month: 1, day: 1))
        }
        #expect(
            book.statuses([location("a"), location("gone")], limits: limits, now: now, budget: budget).map(\.id) == [
                "a"
            ])
        _ = book.statuses([location("a")], limits: limits, now: now, budget: budget)
        #expect(asked == 1, "shown as before")
        let refreshed = FeedUpdate(
            state: LocationState(nextPoll: now), publish: [], logs: [], summary: (kind: .fresh, fellBack: false))
        _ = book.record(refreshed, for: location("a"), now: now)
        _ = book.statuses([location("a")], limits: limits, now: now, budget: budget)
        #expect(asked == 2, "as of the refresh")
    }

    @Test("the journal holds every location's schedule; one never asked has the start as its attempt")
    func journal() {
        let book = book(["a"], nextPoll: now.addingTimeInterval(300))
        #expect(
            book.journalEntries(startedAt: now)
                == ["a": ScheduleJournal.Entry(nextPoll: now.addingTimeInterval(300), failures: 0, attempt: now)])
    }

    /// Answers every request with `status` after a moment, counting the forecast requests in flight.
    actor CountingTransport: ProviderTransport {
        let status: Int
        private(set) var forecasts = 0
        private(set) var urls: [String] = []
        private(set) var inFlight = 0
        private(set) var mostInFlight = 0

        init(status: Int) { self.status = status }

        func send(_ request: ProviderRequest) async throws(ProviderError) -> ProviderResponse {
            urls.append(request.url)
            let forecast = request.url.contains("/v1/forecast")
            if forecast {
                forecasts += 1
                inFlight += 1
                mostInFlight = max(mostInFlight, inFlight)
            }
            try? await Task.sleep(for: .milliseconds(5))
            if forecast { inFlight -= 1 }
            return ProviderResponse(status: status, body: Array("{}".utf8), receivedAt: Date())
        }
    }

    /// Keeps a runner as the service does: its round runs on this actor, and what it publishes
    /// comes here synchronously (an answer applied off the actor would stop the test process).
    actor Host {
        let runner: LocationRunner
        var published: [String] = []

        init(configuration: BridgeConfiguration, refresher: Refresher) {
            runner = LocationRunner(
                configuration: configuration, clock: BridgeClock(), log: Log(level: .error), refresher: refresher,
                feeds: BridgeFeeds(configuration: configuration, providers: refresher.providers))
        }

        func round() async -> Int32 {
            runner.output = { [weak self] output in
                // Stops the test process where the runner applies an answer off this actor
                // (`assumeIsolated` checks; an inferred isolated closure capturing `unowned self`
                // crashes Debian's swiftlang 6.2.3, which builds the arm64 tests).
                self?.assumeIsolated { host in
                    if case .publish(let location, _) = output { host.published.append(location.id) }
                }
            }
            return await runner.round()
        }

        func dueNow(_ locations: [LocationSettings]) -> [LocationSettings] {
            runner.book.due(locations, for: runner.feeds.forecast, now: Date())
        }
    }

    @Test(
        "a round asks every due location, sixteen at a time, within the budget, and saves and publishes each answer on its host's actor"
    )
    func round() async throws {
        let folder = TemporaryFolder()
        let locations = (0..<20).map { location("l\($0)") }
        // A budget for 18 forecasts (Open-Meteo counts a forecast as several calls).
        let calls = try #require(
            try Refresher.makeProviders(BridgeConfiguration(locations: locations), pointsCache: nil)["open-meteo"]
        ).callsPerFetch
        let configuration = BridgeConfiguration(
            stateDirectory: folder.path + "/state",
            providers: [
                "open-meteo": ProviderSettings(
                    name: "open-meteo", baseURL: "https://api.open-meteo.com", dailyBudget: 18 * calls)
            ],
            locations: locations)
        try FileManager.default.createDirectory(atPath: folder.path + "/state", withIntermediateDirectories: true)
        let transport = CountingTransport(status: 500)
        let providers = try Refresher.makeProviders(configuration, pointsCache: nil)
        let refresher = Refresher(configuration: configuration, providers: providers, transport: transport)
        let host = Host(configuration: configuration, refresher: refresher)
        let code = await host.round()
        #expect(code != ExitCode.success)
        let asked = await transport.forecasts
        let urls = await transport.urls
        #expect(asked == 18, "the budget holds at its edge: \(asked) asked, \(urls.prefix(3))")
        let mostInFlight = await transport.mostInFlight
        #expect(mostInFlight > 1 && mostInFlight <= StateSaving.batch, "\(mostInFlight) in flight together")
        let store = StateStore(directory: configuration.stateDirectory)
        for location in locations {
            #expect(store.load(location: location.id)?.consecutiveFailures == 1, "saved: \(location.id)")
        }
        #expect(Set(await host.published) == Set(locations.map(\.id)))
        #expect(await host.dueNow(locations).isEmpty, "none due again")
    }
}
