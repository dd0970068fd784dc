import Configuration
import Foundation
import TestSupport
import Testing
import WeatherModel

@testable import Bridge

/// The one budget check, as values and in memory: what a request at the edge is told, the
/// lease saved ahead of the requests, requests of a round reserved at once, and a restart
/// that starts from what was saved. No broker, server or process.
@Suite("The budget: one check before every request")
struct BudgetLedgerTests {
    let now = Date(timeIntervalSince1970: 1_790_000_000)

    var today: RequestBudget { RequestBudget(day: ZoneInfo.utc.localDate(now)) }

    func configuration(_ budgets: [String: Int]) -> BridgeConfiguration {
        var providers: [String: ProviderSettings] = [:]
        for (name, budget) in budgets {
            providers[name] = ProviderSettings(name: name, baseURL: "http://127.0.0.1:9", dailyBudget: budget)
        }
        return BridgeConfiguration(providers: providers, locations: [])
    }

    @Test("at the edge a request is counted while it fits, and refused, uncounted, once it would pass the limit")
    func edge() {
        var budget = today
        let saved = RequestBudget(day: today.day, used: ["open-meteo": 1000])
        func ask(_ calls: Int) -> BudgetDecision {
            budget.reserve("open-meteo", calls: calls, limit: 12, saved: saved, now: now)
        }
        #expect(ask(5) == .granted(saveAhead: nil))
        #expect(ask(5) == .granted(saveAhead: nil))
        #expect(ask(5) == .refused(limit: 12))
        #expect(budget.usedToday("open-meteo") == 10)
        // What is left is still asked: two calls of air quality fit.
        #expect(ask(2) == .granted(saveAhead: nil))
        #expect(ask(1) == .refused(limit: 12))
        #expect(budget.usedToday("open-meteo") == 12)
        // Another provider has its own limit.
        #expect(budget.reserve("met-no", calls: 1, limit: 1, saved: saved, now: now) == .granted(saveAhead: 1))
        #expect(budget.reserve("met-no", calls: 1, limit: 1, saved: saved, now: now) == .refused(limit: 1))
    }

    @Test(
        "the count is saved ahead by a 64th of the limit, never past it, and again only once the saved count is passed")
    func leaseAhead() {
        #expect(RequestBudget.leaseStep(8000) == 125)
        #expect(RequestBudget.leaseStep(900) == 15)
        #expect(RequestBudget.leaseStep(10) == 1)
        var budget = today
        var saved = today
        #expect(budget.reserve("open-meteo", calls: 5, limit: 8000, saved: saved, now: now) == .granted(saveAhead: 129))
        saved.used["open-meteo"] = 129
        for _ in 0..<24 {
            #expect(
                budget.reserve("open-meteo", calls: 5, limit: 8000, saved: saved, now: now) == .granted(saveAhead: nil))
        }
        #expect(budget.reserve("open-meteo", calls: 5, limit: 8000, saved: saved, now: now) == .granted(saveAhead: 254))
        // Near the limit the lease stops at it: a restart after a kill never believes more was
        // asked than the budget allows.
        var edge = RequestBudget(day: today.day, used: ["open-meteo": 7990])
        #expect(edge.reserve("open-meteo", calls: 5, limit: 8000, saved: edge, now: now) == .granted(saveAhead: 8000))
        // A saved count of another day covers nothing.
        var yesterday = today
        yesterday.day = CivilDate(year: 2000, month: 1, day: 1)
        yesterday.used["open-meteo"] = 8000
        var fresh = today
        #expect(
            fresh.reserve("open-meteo", calls: 5, limit: 8000, saved: yesterday, now: now) == .granted(saveAhead: 129))
    }

    @Test("a new UTC day starts the counts again, the saved ones too, and never goes back")
    func newDay() {
        var budget = RequestBudget(day: today.day, used: ["open-meteo": 12])
        #expect(budget.reserve("open-meteo", calls: 5, limit: 12, saved: budget, now: now) == .refused(limit: 12))
        let tomorrow = now.addingTimeInterval(86400)
        #expect(
            budget.reserve("open-meteo", calls: 5, limit: 12, saved: today, now: tomorrow) == .granted(saveAhead: 5))
        #expect(budget.usedToday("open-meteo") == 5)
        // A request of a round that began the day before counts in the day that has begun.
        #expect(budget.reserve("open-meteo", calls: 5, limit: 12, saved: today, now: now) == .granted(saveAhead: 10))
        #expect(budget.day == ZoneInfo.utc.localDate(tomorrow) && budget.usedToday("open-meteo") == 10)
    }

    @Test("a round's requests reserved at once, from many tasks, take exactly what is left")
    func concurrentRound() async {
        let ledger = BudgetLedger(
            limits: BudgetLimits(configuration: configuration(["open-meteo": 12])), store: nil, now: now)
        let now = now
        let granted = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<100 {
                group.addTask { ledger.reserve("open-meteo", calls: 5, now: now).granted }
            }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(granted == 2)
        #expect(ledger.budget(at: now).usedToday("open-meteo") == 10)
    }

    @Test("budget.json holds a reservation before it returns; a restart starts from it; the exact count at shutdown")
    func savedBeforeTheRequest() throws {
        let folder = TemporaryFolder()
        let store = StateStore(directory: folder.path)
        let limits = BudgetLimits(configuration: configuration(["open-meteo": 6400, "met-no": 3]))
        let ledger = BudgetLedger(limits: limits, store: store, now: now)
        #expect(ledger.reserve("open-meteo", calls: 5, now: now) == .granted(saveAhead: 104))
        #expect(store.loadBudget()?.used == ["open-meteo": 104])
        #expect(ledger.reserve("met-no", calls: 1, now: now) == .granted(saveAhead: 1))
        #expect(store.loadBudget()?.used == ["open-meteo": 104, "met-no": 1])
        #expect(ledger.save(exact: false) == 0)
        #expect(store.loadBudget()?.used == ["open-meteo": 104, "met-no": 1], "covered: not written again")

        // Killed here: the restart believes the lease, at most a 64th of the day more.
        let restarted = BudgetLedger(limits: limits, store: store, now: now)
        #expect(restarted.budget(at: now).usedToday("open-meteo") == 104)
        #expect(restarted.reserve("met-no", calls: 1, now: now).granted)
        #expect(restarted.reserve("met-no", calls: 1, now: now).granted)
        #expect(restarted.reserve("met-no", calls: 1, now: now) == .refused(limit: 3))

        // A clean shutdown writes the counts themselves.
        #expect(ledger.save(exact: true) == 0)
        #expect(store.loadBudget()?.used == ["open-meteo": 5, "met-no": 1])
    }

    @Test("the limits are read once: daily_budget, else the provider's default, else 1000 for an unknown name")
    func limits() {
        let limits = BudgetLimits(configuration: configuration(["open-meteo": 5]))
        #expect(limits.limit("open-meteo") == 5)
        #expect(limits.limit("met-no") == 10_000)
        #expect(limits.limit("pirate-weather") == 300)
        #expect(limits.limit("somewhere-else") == 1000)
    }
}
