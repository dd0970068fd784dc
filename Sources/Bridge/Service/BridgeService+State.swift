import FoundationEssentials
import SystemIO
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

    /// Saves the state of each of `ids` unless its file already holds it: the changed files in
    /// one batch (one sync of the file system and one of the folder for all of them, not two
    /// `fsync`s each), each replaced atomically.
    func persist(_ ids: some Sequence<String>) {
        var files: [(path: String, bytes: [UInt8])] = []
        var written: [(id: String, state: LocationState)] = []
        for id in Set(ids).sorted() {
            guard let state = states[id] else { continue }
            if let saved = savedState[id], saved == state {
                unsaved.remove(id)
                continue
            }
            files.append((store.locationPath(id), ForecastArchive.encode(state).utf8Bytes))
            written.append((id, state))
        }
        guard !files.isEmpty else { return }
        let results = SystemIO.atomicWrite(files, in: store.directory, mode: 0o600)
        var failure: (code: Int32, file: String)?
        for (location, code) in zip(written, results) {
            if code == 0 {
                savedState[location.id] = location.state
                unsaved.remove(location.id)
            } else {
                unsaved.insert(location.id)
                failure = failure ?? (code, "location-\(location.id).json")
            }
        }
        if let failure { noteWriteFailure(failure.code, file: failure.file) }
    }

    /// Saves the locations refreshed since the last save (not while `savesDeferred`).
    func persistChanged() {
        guard !savesDeferred else { return }
        let ids = changed
        changed.removeAll()
        persist(ids)
    }

    /// Saves the request budget where `budget.json` does not cover it yet (a write that failed,
    /// here or while reserving a request), or, when `exact`, the counts themselves (at shutdown).
    func persistBudget(exact: Bool = false) {
        let code = ledger.save(exact: exact)
        if code != 0 { noteWriteFailure(code, file: "budget.json") }
    }

    /// Writes again whatever could not be written before; says so once everything is saved.
    func retryUnsavedState() {
        guard stateWriteFailure != nil || !unsaved.isEmpty || ledger.unsaved else { return }
        persist(unsaved)
        persistBudget()
        if unsaved.isEmpty, !ledger.unsaved, let failure = stateWriteFailure {
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
