import Configuration
import FoundationEssentials
import Providers
import Stations
import SystemIO
import WeatherModel
import WireContract

/// The locations' inputs, executed: forecast rounds and the asked feeds (`Feeds/`), the budget
/// reserved before each request (`BudgetLedger`), the states saved (`LocationRunner+State`) and
/// the warnings merged after a round (`LocationRunner+Alerts`). It decides nothing itself: the
/// feeds, `LocationBook`, `StateSaving` and `AlertBook` do; it asks, writes, and hands what is
/// to be published to `output`.
///
/// Kept by `BridgeService` and run on its actor: each async method runs where it is called from
/// (`isolation`), so neither a call nor an `output` is a hop to another actor.
final class LocationRunner {
    /// What the runner has published, through the service's one `Publisher`.
    enum Output {
        /// Publish these payloads of the location again, built from its state (`book.states`).
        case publish(LocationSettings, [LocationTopic])
        /// Keep `payload` as the retained value of `topic` (a status).
        case retain(topic: String, payload: [UInt8])
        /// Send a message that is not retained (a warning's event).
        case event(topic: String, payload: [UInt8])
        /// `bridge/info` changed (a failed write to `state_dir` is shown, or gone).
        case publishInfo
    }

    let configuration: BridgeConfiguration
    let clock: BridgeClock
    let log: Log
    let refresher: Refresher
    /// Every input's decisions; this runs the locations' asked ones.
    let feeds: BridgeFeeds
    let topics: TopicNames
    let startedAt: Date
    /// Today's requests per provider, reserved right before each request (`budget.json`).
    let ledger: BudgetLedger
    let store: StateStore
    /// Each location's schedule, written in place when a state file cannot be (a full disk).
    let journal: ScheduleJournal
    /// The locations' states and what an update does to them.
    var book: LocationBook
    /// Warnings (`LocationRunner+Alerts`): what each location announced and shows; the
    /// sources, made on first use.
    var alertBook = AlertBook()
    var alertSources: AlertSources?
    /// Where what the runner publishes goes (the service's publisher, on its actor).
    var output: (Output) -> Void = { _ in }

    /// Each location's state as `state_dir` holds it: its file, and the journal's later schedule.
    init(configuration: BridgeConfiguration, clock: BridgeClock, log: Log, refresher: Refresher, feeds: BridgeFeeds) {
        self.configuration = configuration
        self.clock = clock
        self.log = log
        self.refresher = refresher
        self.feeds = feeds
        topics = TopicNames(base: configuration.mqtt.baseTopic)
        let startedAt = clock.now()
        self.startedAt = startedAt
        let store = StateStore(directory: configuration.stateDirectory)
        let journal = ScheduleJournal(directory: configuration.stateDirectory, locations: configuration.locations.count)
        let schedule = journal.load()
        var states: [String: LocationState] = [:]
        for location in configuration.locations {
            // A restarted bridge keeps its last good readings and asks again only when due —
            // also when the last state write failed (the journal has the later schedule).
            states[location.id] = (store.load(location: location.id) ?? LocationState(nextPoll: startedAt))
                .merging(schedule.entries[location.id])
        }
        book = LocationBook(
            states: states,
            saving: StateSaving(directory: configuration.stateDirectory, journalSequence: schedule.sequence))
        self.store = store
        self.journal = journal
        ledger = BudgetLedger(limits: BudgetLimits(configuration: configuration), store: store, now: startedAt)
    }

    /// Before the first round: the schedule journal made ready (said when it cannot be).
    func start() {
        if !journal.prepare() {
            log.error(
                "cannot make the schedule journal in state_dir (\(journal.path)); a restart while state_dir is full may ask providers early"
            )
        }
    }

    /// One pass: a forecast round, then the asked feeds. Returns the round's exit code.
    func pass(isolation: isolated (any Actor)? = #isolation) async -> Int32 {
        let code = await round()
        await pollAskedFeeds()
        return code
    }

    /// The inputs asked beside the forecast, each pass, in this order.
    func pollAskedFeeds(isolation: isolated (any Actor)? = #isolation) async {
        await poll(feeds.metNoNowcast)
        await poll(feeds.ownNowcast)
        await poll(feeds.airQuality)
    }

    /// After a pass of the run loop: what could not be written is written again, and the `info`
    /// summary said when due.
    func passed() {
        retryUnsavedState()
        if let line = book.summaryLine(now: clock.now()) { log.info(line) }
    }

    /// Every location's status, retained (the budget as of its last refresh).
    func publishStatuses() {
        let now = clock.now()
        let statuses = book.statuses(configuration.locations, limits: ledger.limits, now: now) {
            ledger.budget(at: now)
        }
        for (id, payload) in statuses {
            output(.retain(topic: topics.status(id), payload: payload.utf8Bytes))
        }
    }

    // MARK: - Asking

    /// Refreshes every location whose forecast is due (`ForecastFeed`), a bounded number at a
    /// time, and saves what changed. Returns the exit code of the first failure (0 when all succeeded).
    func round(isolation: isolated (any Actor)? = #isolation) async -> Int32 {
        let now = clock.now()
        let feed = feeds.forecast
        let due = book.due(configuration.locations, for: feed, now: now)
        guard !due.isEmpty else { return ExitCode.success }
        var worst: Int32 = ExitCode.success
        let transport = refresher.transport
        let ledger = ledger
        await withTaskGroup(of: (LocationSettings, ForecastFeed.Answer).self) { group in
            // The body runs on `isolation` only if it captures it: an async closure that does not
            // is nonisolated and would apply the answers off the service's actor.
            _ = isolation
            var pending = due[...]
            func addNext() {
                guard let location = pending.popFirst() else { return }
                // Read when the task starts, not copied up front: a second reference to the
                // states would make the round's first `record` copy the whole dictionary.
                let state = book.state(location.id, now: now)
                group.addTask {
                    (
                        location,
                        await feed.ask(location, state: state, budget: ledger, now: now, transport: transport)
                    )
                }
            }
            // As many in flight as a save batch holds: a kill re-asks at most one batch early.
            for _ in 0..<StateSaving.batch { addNext() }
            while let (location, answer) = await group.next() {
                let applied = clock.now()
                let update = feed.apply(answer, to: book.state(location.id, now: applied), for: location, now: applied)
                let code = execute(update, for: location)
                if code != ExitCode.success && worst == ExitCode.success { worst = code }
                // Saved in batches: one sync per batch, and at most a batch lost in a crash.
                if book.saving.batchDue { persistChanged() }
                addNext()
            }
        }
        persistChanged()
        await refreshAlerts(due)
        persistBudget()
        // The round's answers and payloads are freed: their pages go back to the system.
        SystemIO.releaseFreeHeapPages()
        return worst
    }

    /// Asks `feed` for every location it decides to ask now, one after the other, and executes
    /// each update; then saves what changed and what the requests spent.
    func poll<F: AskedFeed>(_ feed: F, isolation: isolated (any Actor)? = #isolation) async {
        let now = clock.now()
        for location in configuration.locations {
            let state = book.state(location.id, now: now)
            switch feed.decide(location, state: state, now: now) {
            case .skip(_, let line):
                if let line { log.write(line) }
            case .ask(let provider, let calls):
                guard ledger.reserve(provider, calls: calls, now: now).granted else {
                    if let line = feed.overBudget(location) { log.write(line) }
                    continue
                }
                let answer = await feed.ask(
                    location, state: state, budget: ledger, now: now, transport: refresher.transport)
                execute(feed.apply(answer, to: state, for: location, now: now), for: location)
            }
        }
        // What these requests spent is saved now, not at the next round (`run --once` has none).
        persistChanged()
        persistBudget()
    }

    /// Executes one update of a location (`LocationBook.record`): logs, publishes. Returns the
    /// update's exit code.
    @discardableResult
    func execute(_ update: FeedUpdate, for location: LocationSettings) -> Int32 {
        for action in book.record(update, for: location, now: clock.now()) {
            switch action {
            case .log(let line): log.write(line)
            case .publish(let kinds): output(.publish(location, kinds))
            }
        }
        return update.exitCode
    }

    // MARK: - Payloads

    /// The payloads of a location as of `now`, built once from its state: its warnings as shown
    /// (`AlertBook`), why it has no nowcast, and `stations` (asked only where it names any): nil
    /// before its first answer.
    func payloads(
        for location: LocationSettings, at now: Date, stations: () -> [StationSource]
    ) -> LocationPayloads? {
        guard let state = book.states[location.id], let forecast = state.forecast,
            let builder = refresher.readingBuilder(for: location, state: state)
        else { return nil }
        var payloads = LocationPayloads(builder: builder, forecast: forecast, state: state, now: now)
        if !location.stations.isEmpty { payloads.stations = stations() }
        payloads.alerts = alertsShown(location)
        if state.nowcast == nil {
            payloads.noNowcastReason = LocationPayloads.noNowcastReason(
                location, provider: builder.provider,
                ownOnly: refresher.providers[builder.provider]?.nowcastOffer?.inForecast == false)
        }
        return payloads
    }
}
