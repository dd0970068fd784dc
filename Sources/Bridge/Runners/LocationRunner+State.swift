import FoundationEssentials
import SystemIO
import WeatherModel

/// Persistence: `StateSaving` decides what goes to `state_dir` and when, and what a failed
/// write does (`State/StateSaving.swift`); this writes the files and the journal.
extension LocationRunner {
    /// Saves the state of each of `ids` unless its file already holds it: the changed files in
    /// one batch (one sync of the file system and one of the folder for all of them, not two
    /// `fsync`s each), each replaced atomically.
    func persist(_ ids: some Sequence<String>) {
        let written = book.saving.toWrite(ids, states: book.states)
        guard !written.isEmpty else { return }
        let files = written.map { (path: store.locationPath($0.id), bytes: ForecastArchive.encode($0.state).utf8Bytes) }
        execute(
            book.saving.wrote(
                written, results: SystemIO.atomicWrite(files, in: store.directory, mode: 0o600), now: clock.now()))
    }

    /// Saves the locations changed since the last save (none while saves are deferred).
    func persistChanged() {
        persist(book.saving.takeChanged())
    }

    /// Saves the request budget where `budget.json` does not cover it yet (a write that failed,
    /// here or while reserving a request), or, when `exact`, the counts themselves (at shutdown).
    func persistBudget(exact: Bool = false) {
        let code = ledger.save(exact: exact)
        if code != 0 { execute(book.saving.failed(code, file: "budget.json", now: clock.now())) }
    }

    /// Writes again whatever could not be written before.
    func retryUnsavedState() {
        guard book.saving.retryDue(budgetUnsaved: ledger.unsaved) else { return }
        persist(book.saving.unsaved)
        persistBudget()
        execute(book.saving.retried(budgetUnsaved: ledger.unsaved, now: clock.now()))
    }

    /// At shutdown: everything saved, the budget's exact counts too.
    func stop() {
        book.saving.deferred = false
        persistChanged()
        persistBudget(exact: true)
        retryUnsavedState()
    }

    func execute(_ actions: [StateSaving.Action]) {
        for action in actions {
            switch action {
            case .log(let line):
                log.write(line)
            case .publishInfo:
                output(.publishInfo)
            case .writeJournal(let sequence):
                let entries = book.journalEntries(startedAt: startedAt)
                execute(book.saving.journalWritten(journal.write(sequence: sequence, entries: entries)))
            }
        }
    }
}
