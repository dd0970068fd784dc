import Foundation
import Testing

@testable import Bridge

@Suite("Scheduling, backoff and budgets")
struct PollPolicyTests {
    let start = Date(timeIntervalSince1970: 1_790_000_000)

    @Test("the next poll is the later of interval and freshness, with at most 5 % jitter", arguments: 0..<50)
    func nextPoll(seed: Int) {
        var generator = SeededGenerator(seed: UInt64(seed))
        let interval = Double.random(in: 60...7200, using: &generator)
        let lifetime: Double? = seed % 3 == 0 ? nil : Double.random(in: 0...10800, using: &generator)
        let random = Double.random(in: 0..<1, using: &generator)
        let next = PollPolicy.nextPoll(after: start, interval: interval, lifetime: lifetime, random: random)
        let wait = next.timeIntervalSince(start)
        let base = max(interval, lifetime ?? 0)
        #expect(wait >= base)
        #expect(wait <= base * 1.05 + 0.001)
    }

    @Test("backoff doubles from a minute, is capped at an hour, and honours Retry-After", arguments: 0..<50)
    func backoff(seed: Int) {
        var generator = SeededGenerator(seed: UInt64(seed))
        let failures = Int.random(in: 1...30, using: &generator)
        let random = Double.random(in: 0..<1, using: &generator)
        let delay = PollPolicy.backoff(failures: failures, retryAfter: nil, random: random)
        let base = min(3600, 60 * pow(2, Double(min(failures - 1, 10))))
        #expect(delay >= base * 0.8 - 0.001)
        #expect(delay <= base * 1.2 + 0.001)
        #expect(delay <= 3600 * 1.2)
        let retryAfter = Double.random(in: 0...20000, using: &generator)
        let honoured = PollPolicy.backoff(failures: failures, retryAfter: retryAfter, random: random)
        #expect(honoured >= retryAfter)
        #expect(honoured == max(delay, retryAfter))
    }

    @Test("backoff grows monotonically with failures at fixed jitter")
    func monotonic() {
        var last = 0.0
        for failures in 1...12 {
            let delay = PollPolicy.backoff(failures: failures, retryAfter: nil, random: 0.5)
            #expect(delay >= last)
            last = delay
        }
        #expect(PollPolicy.backoff(failures: 1, retryAfter: nil, random: 0.5) == 60)
    }

    @Test("met.no and NWS are never polled faster than every 10 minutes")
    func minimumIntervals() {
        #expect(PollPolicy.minimumInterval(provider: "met-no") == 600)
        #expect(PollPolicy.minimumInterval(provider: "nws") == 600)
        #expect(PollPolicy.minimumInterval(provider: "open-meteo") == 60)
    }

    @Test("budget counters roll over at the UTC day boundary")
    func budgetRolls() {
        let day = ISO8601DateFormatter().date(from: "2026-01-15T23:59:00Z")!
        var budget = RequestBudget(day: .init(year: 2026, month: 1, day: 15))
        func spend(_ at: Date) { _ = budget.reserve("open-meteo", calls: 4, limit: 100, saved: budget, now: at) }
        spend(day)
        spend(day)
        #expect(budget.usedToday("open-meteo") == 8)
        spend(day.addingTimeInterval(120))
        #expect(budget.usedToday("open-meteo") == 4)
        #expect(budget.day.description == "2026-01-16")
    }

    @Test("location state: waiting, ok, stale, error")
    func states() {
        var state = LocationState(nextPoll: start)
        #expect(state.state(now: start) == "waiting")
        state.consecutiveFailures = 1
        #expect(state.state(now: start) == "error")
        state.forecast = .init(current: .init(time: start))
        state.expiresAt = start.addingTimeInterval(900)
        state.lastSuccess = start
        #expect(state.state(now: start) == "ok")
        #expect(state.state(now: start.addingTimeInterval(1800)) == "ok")
        #expect(state.state(now: start.addingTimeInterval(1801)) == "stale")
        // An answer that lasts an hour (met.no's Expires) is asked again an hour on: stale an hour past it.
        state.expiresAt = start.addingTimeInterval(3600)
        #expect(state.state(now: start.addingTimeInterval(7200)) == "ok")
        #expect(state.state(now: start.addingTimeInterval(7201)) == "stale")
    }
}

/// A small deterministic generator (SplitMix64) for randomised tests that can be replayed.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
