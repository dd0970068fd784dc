import Configuration
import FoundationEssentials
import HomeAssistant
import MQTTClient
import Providers
import SystemIO
import WeatherModel
import WireContract

/// The long-running bridge: polls every location when its data is due, publishes the
/// readings as retained topics, and republishes everything it holds after every (re)connect.
///
/// All state lives in this actor; MQTT events arrive through the client's `AsyncStream` and
/// are handled here, never on libmosquitto's thread.
public actor BridgeService {
    let configuration: BridgeConfiguration
    let clock: BridgeClock
    let log: Log
    let refresher: Refresher
    /// Every input's decisions (`Feeds/`): this actor only executes them.
    let feeds: BridgeFeeds
    let topics: TopicNames
    let startedAt: Date
    var states: [String: LocationState]
    /// Today's requests per provider, reserved right before each request (`budget.json`).
    let ledger: BudgetLedger
    /// What goes out: every retained topic held, for republishing; own messages coming back.
    var publisher: Publisher
    var mqtt: MQTTClient?
    /// The connection's options, lines and `run --once`'s wait.
    var link: BrokerLink
    let store: StateStore
    /// When what goes to `state_dir`: only what changed, in batches, a failure said once.
    var saving: StateSaving
    /// The request budget each location's status shows (as of its last refresh).
    var quotaShown = QuotaShown()
    let systemd = SystemdNotifier()
    /// Each location's schedule, written in place when a state file cannot be (a full disk).
    let journal: ScheduleJournal
    /// Where each message from the broker goes, and what is subscribed to on every connect.
    var inbound: InboundRouter
    /// The locations' Home Assistant devices, with what earlier runs announced.
    var devices: LocationDevices
    /// Home Assistant birth messages: one discovery resend per burst.
    var births = BirthCoalescer()
    /// Per-location refresh lines are `debug`; this is the `info` summary.
    var summary = RefreshSummary()
    /// Warnings (BridgeService+Alerts): the sources, made on first use; what each location
    /// announced and shows.
    var alertSources: AlertSources?
    var alertBook = AlertBook()
    /// The user's own stations (`StationRunner`, executed by BridgeService+Stations) and their
    /// inputs once opened.
    var stations: StationRunner
    var stationInput: (any StationInput)?
    let stationRainStore: StationRainStore

    public init(configuration: BridgeConfiguration, clock: BridgeClock, log: Log, refresher: Refresher) {
        self.configuration = configuration
        self.clock = clock
        self.log = log
        self.refresher = refresher
        let feeds = BridgeFeeds(configuration: configuration, providers: refresher.providers)
        self.feeds = feeds
        topics = TopicNames(base: configuration.mqtt.baseTopic)
        publisher = Publisher(settings: configuration.mqtt, plan: FlatTopicPlan(configuration: configuration))
        link = BrokerLink(settings: configuration.mqtt)
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
        let rainStore = StationRainStore(directory: configuration.stateDirectory)
        stationRainStore = rainStore
        stations = StationRunner(configuration: configuration, feeds: feeds.stations, now: startedAt) {
            rainStore.load($0)
        }
        inbound = InboundRouter(configuration: configuration, stationFeeds: stations.feeds)
        self.journal = journal
        saving = StateSaving(directory: configuration.stateDirectory, journalSequence: schedule.sequence)
        self.store = store
        self.states = states
        devices = LocationDevices(
            configuration: configuration,
            saved: StateFiles.read(store.discoveryPath).flatMap { try? JSONParser.parse($0) })
        ledger = BudgetLedger(limits: BudgetLimits(configuration: configuration), store: store, now: startedAt)
    }

    // MARK: - Running

    /// Runs until the task is cancelled (SIGTERM/SIGINT), then shuts down cleanly:
    /// `offline` on `bridge/state`, a DISCONNECT, and a bounded wait for acknowledgements.
    /// With `once`, refreshes every location once, publishes and returns.
    /// Returns the process exit code (SPEC §7).
    public func run(once: Bool) async -> Int32 {
        let client: MQTTClient
        do {
            client = try MQTTClient(link.options(will: publisher.will))
        } catch {
            log.error("cannot set up the MQTT client: \(error)")
            return ExitCode.configuration
        }
        mqtt = client
        let events = client.events
        // The parts run in one task group: the broker's events, the stations' input and timer
        // (children), and the rounds (here); the shutdown ends each in order.
        return await withTaskGroup(of: Void.self, returning: Int32.self) { group in
            group.addTask {
                for await event in events { await self.handle(event) }
            }
            client.start()
            let code = await run(once: once, group: &group)
            await shutdown(client)
            group.cancelAll()
            return code
        }
    }

    /// Everything between the start of the client and the shutdown: the first publishes, the
    /// stations' parts added to `group`, then one round (`once`) or rounds until cancelled.
    private func run(once: Bool, group: inout TaskGroup<Void>) async -> Int32 {
        // The configuration is loaded and the first connect is under way: ready for systemd.
        systemd.ready()
        log.info(
            "weather2mqtt \(BridgeVersion.current) started",
            [
                "mqtt.broker": "\(configuration.mqtt.host):\(configuration.mqtt.port)",
                "locations": "\(configuration.locations.count)",
            ])
        if !journal.prepare() {
            log.error(
                "cannot make the schedule journal in state_dir (\(journal.path)); a restart while state_dir is full may ask providers early"
            )
        }
        publishBridgeInfo()
        announceDevices()
        for location in configuration.locations where states[location.id]?.forecast != nil {
            publish(location)
        }
        publishStatuses()
        if !once, let code = startStations(in: &group) { return code }

        if once {
            // Wait (bounded) for the broker before asking any provider.
            let began = ContinuousClock.now
            while !publisher.connected, link.waitsForConnection(elapsed: ContinuousClock.now - began), !Task.isCancelled
            {
                try? await Task.sleep(for: .milliseconds(50))
            }
            if !publisher.connected {
                log.write(link.unreachable)
                return ExitCode.unavailable
            }
            saving.deferred = true
            let exitCode = await refreshDue()
            await pollOtherFeeds()
            publishStatuses()
            return exitCode
        }
        while !Task.isCancelled {
            systemd.watchdog()
            _ = await refreshDue()
            await pollOtherFeeds()
            retryUnsavedState()
            if let line = summary.line(now: clock.now()) { log.info(line) }
            publishStatuses()
            publishBoundaries()
            let wait = PollingRules.wake(
                nextPolls: states.values.map(\.nextPoll) + publisher.boundaries.values,
                watchdog: systemd.watchdogInterval,
                now: clock.now())
            try? await Task.sleep(for: .milliseconds(Int(wait * 1000)))
        }
        return ExitCode.success
    }

    /// Stops the stations' parts, saves everything, says `offline` and stops the client (which
    /// ends its events).
    private func shutdown(_ client: MQTTClient) async {
        systemd.stopping()
        stopStations()
        saving.deferred = false
        persistChanged()
        persistBudget(exact: true)
        retryUnsavedState()
        if publisher.connected {
            publisher.disconnected()  // from here on nothing is corrected: its own 'offline' may come back
            let will = publisher.will
            try? client.publish(topic: will.topic, payload: will.payload, qos: configuration.mqtt.qos, retain: true)
            _ = await client.waitForPublished(timeout: .seconds(5))
        }
        await client.stop(timeout: .seconds(3))
        log.info("weather2mqtt stopped")
    }

    // MARK: - Polling

    /// The inputs asked beside the forecast, each round, in this order.
    func pollOtherFeeds() async {
        await poll(feeds.metNoNowcast)
        await poll(feeds.ownNowcast)
        await poll(feeds.airQuality)
    }

    /// Refreshes every location whose forecast is due (`ForecastFeed`), a bounded number at a
    /// time, and saves what changed. Returns the exit code of the first failure (0 when all succeeded).
    func refreshDue() async -> Int32 {
        let now = clock.now()
        let feed = feeds.forecast
        let due = configuration.locations.filter {
            feed.decide($0, state: states[$0.id] ?? LocationState(nextPoll: now), now: now).asks
        }
        guard !due.isEmpty else { return ExitCode.success }
        var worst: Int32 = ExitCode.success
        let transport = refresher.transport
        let ledger = ledger
        await withTaskGroup(of: (LocationSettings, ForecastFeed.Answer).self) { group in
            var pending = due[...]
            func addNext() {
                guard let location = pending.popFirst() else { return }
                // Read when the task starts, not copied up front: a second reference to `states`
                // would make the round's first `apply` copy the whole dictionary.
                let state = states[location.id] ?? LocationState(nextPoll: now)
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
                let update = feed.apply(
                    answer, to: states[location.id] ?? LocationState(nextPoll: applied), for: location,
                    now: applied)
                let code = execute(update, for: location)
                if code != ExitCode.success && worst == ExitCode.success { worst = code }
                // Saved in batches: one sync per batch, and at most a batch lost in a crash.
                if saving.batchDue { persistChanged() }
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
}
