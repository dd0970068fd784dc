import Configuration
import Foundation
import Providers
import Testing
import WeatherModel
import WireContract

@testable import Bridge

/// Every branch of `LocationSchedule.apply`, in process: a state, an outcome, a time and a
/// pinned random number in; the new state, the log lines and the exit code out.
@Suite("Location schedule: what an outcome does to a location")
struct LocationScheduleTests {
    let now = Date(timeIntervalSince1970: 1_790_000_000)
    let location = LocationSettings(
        id: "home", latitude: 52.5, longitude: 13.4, providers: ["open-meteo", "met-no"], interval: 300)
    let single = LocationSettings(id: "flat", latitude: 52.5, longitude: 13.4, providers: ["open-meteo"], interval: 900)

    var forecast: Forecast { Forecast(current: .init(time: now)) }

    func result(lifetime: Double? = nil, etag: String? = nil) -> ProviderResult {
        ProviderResult(
            forecast: forecast, freshness: Freshness(lifetime: lifetime, validators: HTTPValidators(etag: etag)))
    }

    @Test("fresh from the primary: forecast kept, failures cleared, next poll and expiry from the effective interval")
    func freshFromPrimary() {
        var before = LocationState(nextPoll: now)
        before.consecutiveFailures = 3
        before.lastError = .init(at: now, provider: "open-meteo", message: "old", httpStatus: 500)
        let t = LocationSchedule.apply(
            .fresh(provider: "open-meteo", result: result(etag: "\"v1\""), earlier: []), to: before, location: location,
            now: now, random: 0)
        #expect(t.changed)
        #expect(t.exitCode == ExitCode.success)
        #expect(t.state.forecast == forecast)
        #expect(t.state.provider == "open-meteo")
        #expect(t.state.consecutiveFailures == 0)
        #expect(t.state.lastError == nil)
        #expect(t.state.fetchedAt == now && t.state.lastSuccess == now && t.state.lastAttempt == now)
        #expect(t.state.validators["open-meteo"]?.etag == "\"v1\"")
        // interval 300 but met.no (a fallback) is never asked faster than every 600 s.
        #expect(t.state.nextPoll == now.addingTimeInterval(600))
        #expect(t.state.expiresAt == now.addingTimeInterval(600))
        #expect(t.logs.map(\.level) == [.debug])
        #expect(t.logs[0].message == "refreshed" && t.logs[0].value("provider") == "open-meteo")
        #expect(t.summary?.kind == .fresh && t.summary?.fellBack == false)
    }

    @Test("a longer answer lifetime wins over the interval, and jitter adds at most 5 %")
    func lifetimeAndJitter() {
        let t = LocationSchedule.apply(
            .fresh(provider: "open-meteo", result: result(lifetime: 3600), earlier: []),
            to: LocationState(nextPoll: now), location: single, now: now, random: 0.999)
        #expect(t.state.expiresAt == now.addingTimeInterval(3600))
        #expect(t.state.nextPoll == now.addingTimeInterval(3600 + 3600 * 0.05 * 0.999))
    }

    @Test("fresh after a fallback: the skipped provider's Retry-After is kept and logged, its error shown")
    func freshAfterFallback() {
        let earlier: [(provider: String, error: ProviderError)] = [
            ("open-meteo", .rateLimited("slow down", retryAfter: 7200))
        ]
        let t = LocationSchedule.apply(
            .fresh(provider: "met-no", result: result(), earlier: earlier), to: LocationState(nextPoll: now),
            location: location, now: now, random: 0)
        #expect(t.state.provider == "met-no")
        #expect(t.state.notBefore["open-meteo"] == now.addingTimeInterval(7200))
        #expect(t.state.lastError?.provider == "open-meteo")
        #expect(t.state.lastError?.httpStatus == 429)
        #expect(t.state.consecutiveFailures == 0)
        #expect(t.logs.map(\.level) == [.warning, .debug])
        let warning = t.logs[0]
        #expect(warning.message.hasPrefix("fell back from open-meteo: rate limited: slow down; asking it again at "))
        #expect(warning.message.contains("(in 7200 s), honouring Retry-After: 7200 s"))
        #expect(warning.value("provider") == "met-no" && warning.value("location") == "home")
        #expect(t.summary?.kind == .fresh && t.summary?.fellBack == true)
    }

    @Test("a skipped provider without Retry-After is asked again at the next poll")
    func fallbackWithoutRetryAfter() {
        let t = LocationSchedule.apply(
            .fresh(provider: "met-no", result: result(), earlier: [("open-meteo", .unreachable("refused"))]),
            to: LocationState(nextPoll: now), location: location, now: now, random: 0)
        #expect(t.state.notBefore.isEmpty)
        #expect(t.logs[0].message.contains("(in 600 s)"))
        #expect(!t.logs[0].message.contains("Retry-After"))
    }

    @Test("304: the forecast stands, freshness renewed, failures and error cleared")
    func notModified() {
        var before = LocationState(nextPoll: now)
        before.forecast = forecast
        before.provider = "open-meteo"
        before.fetchedAt = now.addingTimeInterval(-900)
        before.consecutiveFailures = 2
        before.lastError = .init(at: now, provider: "open-meteo", message: "x", httpStatus: 503)
        let t = LocationSchedule.apply(
            .notModified(provider: "open-meteo", freshness: Freshness(lifetime: 1200)), to: before, location: single,
            now: now, random: 0)
        #expect(t.state.forecast == forecast)
        #expect(t.state.fetchedAt == now.addingTimeInterval(-900))
        #expect(t.state.lastSuccess == now && t.state.lastAttempt == now)
        #expect(t.state.consecutiveFailures == 0 && t.state.lastError == nil)
        #expect(t.state.expiresAt == now.addingTimeInterval(1200))
        #expect(t.state.nextPoll == now.addingTimeInterval(1200))
        #expect(t.logs.map(\.message) == ["not modified"])
        #expect(t.summary?.kind == .notModified)
        #expect(t.exitCode == ExitCode.success)
    }

    @Test("a failure without Retry-After backs off a minute and exits 69; a bad answer exits 65")
    func failureWithoutRetryAfter() {
        let t = LocationSchedule.apply(
            .failed([("open-meteo", .unreachable("refused"))]), to: LocationState(nextPoll: now), location: single,
            now: now, random: 0.5)
        #expect(t.state.consecutiveFailures == 1)
        #expect(t.state.nextPoll == now.addingTimeInterval(60))
        #expect(t.state.notBefore.isEmpty)
        #expect(t.state.lastError?.message == "unreachable: refused")
        #expect(t.exitCode == ExitCode.unavailable)
        #expect(t.logs.count == 1 && t.logs[0].level == .warning)
        #expect(t.logs[0].message.hasPrefix("refresh failed: unreachable: refused; next attempt at "))
        #expect(t.logs[0].value("failures") == "1")
        #expect(t.summary?.kind == .failed)
        let bad = LocationSchedule.apply(
            .failed([("open-meteo", .invalidResponse("not JSON"))]), to: LocationState(nextPoll: now),
            location: single, now: now, random: 0.5)
        #expect(bad.exitCode == ExitCode.dataError)
    }

    @Test("a failure with Retry-After waits at least that long and keeps the provider's not-before")
    func failureWithRetryAfter() {
        let t = LocationSchedule.apply(
            .failed([("open-meteo", .http(status: 503, message: "busy", retryAfter: 900))]),
            to: LocationState(nextPoll: now), location: single, now: now, random: 0.5)
        #expect(t.state.nextPoll == now.addingTimeInterval(900))
        #expect(t.state.notBefore["open-meteo"] == now.addingTimeInterval(900))
        #expect(t.state.lastError?.httpStatus == 503)
        #expect(t.logs[0].message.hasSuffix("(in 900 s), honouring Retry-After: 900 s"))
    }

    @Test("backoff doubles with each failure and is capped at an hour")
    func backoffDoublesAndCaps() {
        var state = LocationState(nextPoll: now)
        var waits: [Double] = []
        for _ in 0..<9 {
            let t = LocationSchedule.apply(
                .failed([("open-meteo", .unreachable("refused"))]), to: state, location: single, now: now, random: 0.5)
            state = t.state
            waits.append(state.nextPoll.timeIntervalSince(now))
        }
        #expect(waits == [60, 120, 240, 480, 960, 1920, 3600, 3600, 3600])
        #expect(state.consecutiveFailures == 9)
    }

    @Test("no provider could be asked: 69 and a line that says when the next attempt is")
    func nobodyAsked() {
        let t = LocationSchedule.apply(
            .failed([]), to: LocationState(nextPoll: now), location: single, now: now, random: 0.5)
        #expect(t.exitCode == ExitCode.unavailable)
        #expect(t.logs[0].message.hasPrefix("no provider could be asked; next attempt at "))
        #expect(t.state.lastError == nil)
    }

    @Test("cancelled: nothing counted, saved or logged, and the location stays due")
    func cancelled() {
        var before = LocationState(nextPoll: now.addingTimeInterval(-5))
        before.consecutiveFailures = 2
        let t = LocationSchedule.apply(.cancelled, to: before, location: single, now: now, random: 0.5)
        #expect(!t.changed)
        #expect(t.state == before)
        #expect(t.logs.isEmpty)
        #expect(t.summary == nil)
        #expect(t.exitCode == ExitCode.success)
    }
}
