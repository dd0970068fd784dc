import FoundationEssentials
import WeatherModel

/// Persistence: what changed goes to `state_dir`; a write that fails (a full disk, a read-only
/// remount) is said loudly — an `error` log line and `state_dir` in `bridge/info` — retried on
/// every pass of the scheduling loop until it succeeds, and covered meanwhile by the schedule
/// journal, so that a restart never asks a provider before the time the bridge had decided on.
extension BridgeService {
    /// A failed write to `state_dir`, as `bridge/info` shows it.
    struct StateWriteFailure: Sendable {
        var message: String
        var since: Date
    }

    /// Saves a location's state unless the file already holds it.
    func persist(_ id: String) {
        guard let state = states[id] else { return }
        if let saved = savedState[id], saved == state {
            unsaved.remove(id)
            return
        }
        let code = store.write(location: id, state)
        if code == 0 {
            savedState[id] = state
            unsaved.remove(id)
        } else {
            unsaved.insert(id)
            noteWriteFailure(code, file: "location-\(id).json")
        }
    }

    /// Saves the request budget unless the file already holds it.
    func persistBudget() {
        let bytes = store.budgetBytes(budget)
        if bytes == savedBudget {
            budgetUnsaved = false
            return
        }
        let code = StateFiles.writeReportingErrno(store.budgetPath, bytes)
        if code == 0 {
            savedBudget = bytes
            budgetUnsaved = false
        } else {
            budgetUnsaved = true
            noteWriteFailure(code, file: "budget.json")
        }
    }

    /// Writes again whatever could not be written before; says so once everything is saved.
    func retryUnsavedState() {
        guard stateWriteFailure != nil || !unsaved.isEmpty || budgetUnsaved else { return }
        for id in unsaved.sorted() { persist(id) }
        persistBudget()
        if unsaved.isEmpty, !budgetUnsaved, let failure = stateWriteFailure {
            stateWriteFailure = nil
            log.notice(
                "state_dir is writable again; every state file is saved",
                [
                    "state_dir": store.directory,
                    "failing_for": "\(Int(clock.now().timeIntervalSince(failure.since).rounded())) s",
                ])
            publishBridgeInfo()
        }
    }

    /// A write failed: logs it at `error` (once per failure period), shows it in `bridge/info`,
    /// and records every location's schedule in the journal.
    func noteWriteFailure(_ code: Int32, file: String) {
        let reason = StateFiles.describe(code)
        if stateWriteFailure == nil {
            stateWriteFailure = StateWriteFailure(message: "cannot write \(file): \(reason)", since: clock.now())
            log.error(
                "cannot write \(file) in state_dir: \(reason); still publishing, retrying the write until it succeeds",
                ["state_dir": store.directory])
            publishBridgeInfo()
        }
        var entries: [String: ScheduleJournal.Entry] = [:]
        for (id, state) in states {
            entries[id] = ScheduleJournal.Entry(
                nextPoll: state.nextPoll, failures: state.consecutiveFailures, attempt: state.lastAttempt ?? startedAt)
        }
        journalSequence += 1
        if !journal.write(sequence: journalSequence, entries: entries), !journalFailed {
            journalFailed = true
            log.error(
                "cannot write the schedule journal either; a restart may ask providers early",
                ["state_dir": store.directory])
        }
    }

    func publishBridgeInfo() {
        retain(
            topics.bridgeInfo,
            StatusPayload.bridgeInfo(
                configuration: configuration, startedAt: startedAt,
                stateDirError: stateWriteFailure.map { ($0.message, $0.since) }
            ).utf8Bytes)
    }
}
