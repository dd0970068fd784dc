import Configuration
import FoundationEssentials
import ProviderFacts
import Providers
import WireContract

/// The bridge's decisions after one refresh, as a pure value: a location's state, an outcome
/// and the time (plus one random number for jitter) in; the new state and what to do about it
/// out. `LocationRunner` only executes the effects (log, save, publish), so every rule —
/// fallback, Retry-After, 304, backoff, cancellation — is tested without a process or a socket.
public enum LocationSchedule {
    /// What one outcome does to a location.
    public struct Transition: Sendable {
        /// The location's state from now on.
        public var state: LocationState
        /// The lines to log, in order.
        public var logs: [LogLine]
        /// The refresh's exit code (SPEC §7): 0, or the failure's.
        public var exitCode: Int32
        /// What the `info` summary counts; `nil` when the refresh does not count (cancelled).
        public var summary: (kind: RefreshSummary.Kind, fellBack: Bool)?
        /// Whether the state changed, so it is saved and the readings published (not when cancelled).
        public var changed: Bool
    }

    /// Applies `outcome` to `state` at `now`; `random` (0..<1) is the jitter of the next poll.
    public static func apply(
        _ outcome: Refresher.Outcome, to state: LocationState, location: LocationSettings, now: Date,
        random: Double
    ) -> Transition {
        switch outcome {
        case .cancelled:
            // A shutdown during the request is nobody's failure: nothing is counted or saved,
            // and the location stays due, so the next start asks at once.
            return Transition(state: state, logs: [], exitCode: ExitCode.success, summary: nil, changed: false)
        case .fresh(let provider, let result, let earlier):
            return fresh(provider, result, earlier: earlier, state: state, location: location, now: now, random: random)
        case .notModified(let provider, let freshness):
            var state = state
            state.lastAttempt = now
            state.lastSuccess = now
            state.lastError = nil
            state.consecutiveFailures = 0
            state.nextPoll = PollPolicy.nextPoll(
                after: now, interval: PollingRules.interval(of: location), lifetime: freshness.lifetime, random: random)
            state.expiresAt = PollingRules.expiresAt(fetchedAt: now, location: location, lifetime: freshness.lifetime)
            let line = LogLine(.debug, "not modified", ["location": location.id, "provider": provider])
            return Transition(
                state: state, logs: [line], exitCode: ExitCode.success, summary: (.notModified, false), changed: true)
        case .failed(let errors):
            return failed(errors, state: state, location: location, now: now, random: random)
        }
    }

    static func fresh(
        _ provider: String, _ result: ProviderResult, earlier: [(provider: String, error: ProviderError)],
        state: LocationState, location: LocationSettings, now: Date, random: Double
    ) -> Transition {
        var state = state
        state.lastAttempt = now
        state.forecast = PartialAnswer.merged(result.forecast, over: state.forecast)
        // A nowcast from a request of its own (met.no's Nowcast 2.0, One Call 4.0's
        // `/timeline/1min`) stays when the same provider's forecast carries none.
        if result.nowcast != nil || (provider != state.provider && provider != ProviderDescriptor.metNo.name) {
            state.nowcast = result.nowcast
        }
        // The air quality an answer carries (Pirate Weather's index) where the location has not
        // opted in to Open-Meteo's fuller one (`air_quality: true`).
        if !location.airQuality { state.airQuality = result.airQuality }
        state.lastError = earlier.first.map {
            LocationState.LastError(
                at: now, provider: $0.provider, message: $0.error.description, httpStatus: $0.error.httpStatus)
        }
        state.nextPoll = PollPolicy.nextPoll(
            after: now, interval: PollingRules.interval(of: location), lifetime: result.freshness.lifetime,
            random: random)
        var logs: [LogLine] = []
        for (skipped, error) in earlier {
            if let seconds = error.retryAfter, seconds > 0 {
                state.notBefore[skipped] = now.addingTimeInterval(seconds)
            }
            let again = max(state.notBefore[skipped] ?? now, state.nextPoll)
            logs.append(
                LogLine(
                    .warning,
                    RefreshLog.fellBack(
                        from: skipped, error, nextAttempt: again, now: now, retryAfter: error.retryAfter),
                    ["location": location.id, "provider": provider]))
        }
        state.provider = provider
        state.fetchedAt = now
        state.lastSuccess = now
        state.consecutiveFailures = 0
        state.validators[provider] = result.freshness.validators
        state.expiresAt = PollingRules.expiresAt(
            fetchedAt: now, location: location, lifetime: result.freshness.lifetime)
        logs.append(LogLine(.debug, "refreshed", ["location": location.id, "provider": provider]))
        return Transition(
            state: state, logs: logs, exitCode: ExitCode.success, summary: (.fresh, !earlier.isEmpty), changed: true)
    }

    static func failed(
        _ errors: [(provider: String, error: ProviderError)], state: LocationState, location: LocationSettings,
        now: Date, random: Double
    ) -> Transition {
        var state = state
        state.lastAttempt = now
        state.consecutiveFailures += 1
        let retryAfter = errors.compactMap(\.error.retryAfter).max()
        state.nextPoll = now.addingTimeInterval(
            PollPolicy.backoff(failures: state.consecutiveFailures, retryAfter: retryAfter, random: random))
        for (provider, error) in errors {
            if let seconds = error.retryAfter, seconds > 0 {
                state.notBefore[provider] = now.addingTimeInterval(seconds)
            }
        }
        let line: LogLine
        let code: Int32
        if let (provider, error) = errors.first {
            state.lastError = LocationState.LastError(
                at: now, provider: provider, message: error.description, httpStatus: error.httpStatus)
            line = LogLine(
                .warning, RefreshLog.failed(error, nextAttempt: state.nextPoll, now: now, retryAfter: retryAfter),
                ["location": location.id, "provider": provider, "failures": "\(state.consecutiveFailures)"])
            code = ExitCode.forProviderError(error)
        } else {
            line = LogLine(
                .warning, "no provider could be asked; " + RefreshLog.next(state.nextPoll, now: now, retryAfter: nil),
                ["location": location.id])
            code = ExitCode.unavailable
        }
        return Transition(state: state, logs: [line], exitCode: code, summary: (.failed, false), changed: true)
    }
}

/// One log line as a value: its level, its words and its `key=value` metadata in order.
public struct LogLine: Sendable, Equatable {
    public var level: LogLevel
    public var message: String
    public var metadata: [Field]

    public struct Field: Sendable, Equatable {
        public var key: String
        public var value: String
    }

    public init(_ level: LogLevel, _ message: String, _ metadata: KeyValuePairs<String, String> = [:]) {
        self.level = level
        self.message = message
        self.metadata = metadata.map { Field(key: $0.key, value: $0.value) }
    }

    /// The value of metadata `key`, if the line has it.
    public func value(_ key: String) -> String? { metadata.first { $0.key == key }?.value }
}
