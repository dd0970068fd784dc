import FoundationEssentials
import SystemIO
import WeatherModel

/// Persistence: `StateSaving` decides what goes to `state_dir` and when, and what a failed
/// write does (`State/StateSaving.swift`); this writes the files and the journal.
extension BridgeService {
    /// Saves the state of each of `ids` unless its file already holds it: the changed files in
    /// one batch (one sync of the file system and one of the folder for all of them, not two
    /// `fsync`s each), each replaced atomically.
    func persist(_ ids: some Sequence<String>) {
        let written = saving.toWrite(ids, states: states)
        guard !written.isEmpty else { return }
        let files = written.map { (path: store.locationPath($0.id), bytes: ForecastArchive.encode($0.state).utf8Bytes) }
        execute(
            saving.wrote(
                written, results: SystemIO.atomicWrite(files, in: store.directory, mode: 0o600), now: clock.now()))
    }

    /// Saves the locations changed since the last save (none while saves are deferred).
    func persistChanged() {
        persist(saving.takeChanged())
    }

    /// Saves the request budget where `budget.json` does not cover it yet (a write that failed,
    /// here or while reserving a request), or, when `exact`, the counts themselves (at shutdown).
    func persistBudget(exact: Bool = false) {
        let code = ledger.save(exact: exact)
        if code != 0 { execute(saving.failed(code, file: "budget.json", now: clock.now())) }
    }

    /// Writes again whatever could not be written before.
    func retryUnsavedState() {
        guard saving.retryDue(budgetUnsaved: ledger.unsaved) else { return }
        persist(saving.unsaved)
        persistBudget()
        execute(saving.retried(budgetUnsaved: ledger.unsaved, now: clock.now()))
    }

    func execute(_ actions: [StateSaving.Action]) {
        for action in actions {
            switch action {
            case .log(let line):
                log.write(line)
            case .publishInfo:
                publishBridgeInfo()
            case .writeJournal(let sequence):
                var entries: [String: ScheduleJournal.Entry] = [:]
                for (id, state) in states {
                    entries[id] = ScheduleJournal.Entry(
                        nextPoll: state.nextPoll, failures: state.consecutiveFailures,
                        attempt: state.lastAttempt ?? startedAt)
                }
                execute(saving.journalWritten(journal.write(sequence: sequence, entries: entries)))
            }
        }
    }

    func publishBridgeInfo() {
        retain(
            topics.bridgeInfo,
            StatusPayload.bridgeInfo(
                configuration: configuration, startedAt: startedAt,
                stateDirError: saving.failure.map { ($0.message, $0.since) }
            ).utf8Bytes)
    }
}
