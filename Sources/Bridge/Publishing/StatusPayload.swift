import Configuration
import FoundationEssentials
import WeatherModel
import WireContract

/// The `<base>/<loc>/status` and `<base>/bridge/info` payloads.
public enum StatusPayload {
    public static func status(
        location: LocationSettings, state: LocationState, budget: RequestBudget, limits: BudgetLimits, now: Date
    ) -> JSONValue {
        let zone = Refresher.zone(for: location, forecast: state.forecast)
        func time(_ date: Date?) -> JSONValue { JSONValue(date.map { ISO8601.string($0, in: zone) }) }
        var quota = JSONObject()
        for name in location.providers {
            quota[name] = [
                "used_today": .number(Double(budget.usedToday(name))),
                "budget": .number(Double(limits.limit(name))),
            ]
        }
        let lastError: JSONValue =
            state.lastError.map { error in
                [
                    "at": time(error.at), "provider": .string(error.provider),
                    "message": .string(Secrets.redact(error.message)), "http_status": JSONValue(error.httpStatus),
                ]
            } ?? .null
        return [
            "location": .string(location.id),
            "state": .string(PollingRules.status(state, location: location, now: now)),
            "provider": JSONValue(state.provider),
            "last_success": time(state.lastSuccess),
            "last_attempt": time(state.lastAttempt),
            "next_poll": time(state.nextPoll),
            "consecutive_failures": .number(Double(state.consecutiveFailures)),
            "last_error": lastError,
            "quota": .object(quota),
            "partial": .array((state.forecast?.lacking.names ?? []).map { .string($0) }),
        ]
    }

    /// `stateDirError`: why `state_dir` cannot be written and since when (`nil` when it can).
    public static func bridgeInfo(
        configuration: BridgeConfiguration, startedAt: Date, stateDirError: (message: String, since: Date)? = nil
    ) -> JSONValue {
        [
            "version": .string(BridgeVersion.current),
            "schema": .number(Double(PayloadSchema.version)),
            "started_at": .string(ISO8601.string(startedAt, in: .utc)),
            "locations": .array(configuration.locations.map { .string($0.id) }),
            "providers": .array(
                Array(Set(configuration.locations.flatMap(\.providers))).sorted().map { .string($0) }),
            "state_dir": [
                "writable": .bool(stateDirError == nil),
                "error": JSONValue(stateDirError.map { Secrets.redact($0.message) }),
                "since": JSONValue(stateDirError.map { ISO8601.string($0.since, in: .utc) }),
            ],
        ]
    }
}
