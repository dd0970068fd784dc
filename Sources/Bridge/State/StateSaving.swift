import FoundationEssentials

/// When the bridge writes its locations' state to `state_dir`, as decisions: only a state its
/// file does not hold already; a round's answers in batches (`batch`); `run --once` only at the
/// end (`deferred`); a failed write said once — an `error` line and `state_dir` in `bridge/info`
/// — retried every pass until it succeeds, and covered meanwhile by the schedule journal, so
/// that a restart never asks a provider before the time the bridge had decided on. A plain
/// value kept by `LocationBook`; `LocationRunner` writes the files and does what it returns.
struct StateSaving {
    /// A failed write to `state_dir`, as `bridge/info` shows it.
    struct Failure: Sendable, Equatable {
        var message: String
        var since: Date
    }

    enum Action: Equatable {
        case log(LogLine)
        /// `bridge/info` changed: the failure is shown, or gone.
        case publishInfo
        /// Every location's schedule goes to the journal as `sequence`; tell `journalWritten`.
        case writeJournal(sequence: UInt64)
    }

    /// A round saves its answers every this many: a kill re-asks at most `batch - 1` answered
    /// locations early (as many as one round has in flight), for one sync of `state_dir` per
    /// batch (an SD card's writes: 19 a round of 300 locations).
    static let batch = 16

    /// `state_dir`, for the lines.
    let directory: String
    /// What was last written, so unchanged state is never written again.
    private var saved: [String: LocationState] = [:]
    /// Locations whose state file could not be written yet (retried every pass).
    private(set) var unsaved: Set<String> = []
    /// Locations changed since their state was last saved.
    private var changed: Set<String> = []
    /// `run --once`: its forecasts, nowcasts and air quality change the same locations one after
    /// the other, so their files are written once, at the end.
    var deferred = false
    private(set) var failure: Failure?
    private var journalSequence: UInt64
    private var journalFailed = false

    /// `journalSequence`: the journal's last sequence, as loaded.
    init(directory: String, journalSequence: UInt64) {
        self.directory = directory
        self.journalSequence = journalSequence
    }

    /// A location's state changed.
    mutating func changed(_ id: String) { changed.insert(id) }

    /// Whether a round has a batch to save.
    var batchDue: Bool { changed.count >= Self.batch }

    /// The changed locations to save now, no longer counted as changed (none while `deferred`).
    mutating func takeChanged() -> Set<String> {
        guard !deferred else { return [] }
        defer { changed.removeAll() }
        return changed
    }

    /// Of `ids`, the states their files do not hold, in order of id (to write in one batch).
    mutating func toWrite(_ ids: some Sequence<String>, states: [String: LocationState]) -> [(
        id: String, state: LocationState
    )] {
        var written: [(id: String, state: LocationState)] = []
        for id in Set(ids).sorted() {
            guard let state = states[id] else { continue }
            if let saved = saved[id], saved == state {
                unsaved.remove(id)
                continue
            }
            written.append((id, state))
        }
        return written
    }

    /// `toWrite`'s states were written with `results` (0, or the error number).
    mutating func wrote(_ written: [(id: String, state: LocationState)], results: [Int32], now: Date) -> [Action] {
        var failed: (code: Int32, file: String)?
        for (location, code) in zip(written, results) {
            if code == 0 {
                saved[location.id] = location.state
                unsaved.remove(location.id)
            } else {
                unsaved.insert(location.id)
                failed = failed ?? (code, StateStore.locationFile(location.id))
            }
        }
        guard let failed else { return [] }
        return self.failed(failed.code, file: failed.file, now: now)
    }

    /// A write failed (a state file, `budget.json`): said once a failure period, shown in
    /// `bridge/info`, and every location's schedule written to the journal.
    mutating func failed(_ code: Int32, file: String, now: Date) -> [Action] {
        var actions: [Action] = []
        if failure == nil {
            let reason = StateFiles.describe(code)
            failure = Failure(message: "cannot write \(file): \(reason)", since: now)
            let line =
                "cannot write \(file) in state_dir: \(reason); still publishing, retrying the write until it succeeds"
            actions += [.log(LogLine(.error, line, ["state_dir": directory])), .publishInfo]
        }
        journalSequence += 1
        return actions + [.writeJournal(sequence: journalSequence)]
    }

    /// The journal was written (`ok`) or not: the latter is said once.
    mutating func journalWritten(_ ok: Bool) -> [Action] {
        guard !ok, !journalFailed else { return [] }
        journalFailed = true
        let line = "cannot write the schedule journal either; a restart may ask providers early"
        return [.log(LogLine(.error, line, ["state_dir": directory]))]
    }

    /// Whether a pass has anything to write again (`budgetUnsaved`: `budget.json` is behind).
    func retryDue(budgetUnsaved: Bool) -> Bool {
        failure != nil || !unsaved.isEmpty || budgetUnsaved
    }

    /// After writing again: once everything is saved, the failure is over, said and shown.
    mutating func retried(budgetUnsaved: Bool, now: Date) -> [Action] {
        guard unsaved.isEmpty, !budgetUnsaved, let failure else { return [] }
        self.failure = nil
        let line = LogLine(
            .notice, "state_dir is writable again; every state file is saved",
            ["state_dir": directory, "failing_for": "\(Int(now.timeIntervalSince(failure.since).rounded())) s"])
        return [.log(line), .publishInfo]
    }
}
