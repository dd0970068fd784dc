import Configuration
import FoundationEssentials
import MQTTClient
import Providers
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
    let topics: TopicNames
    /// Locations whose Home Assistant devices are ours to keep (none without discovery).
    let announcedLocations: Set<String>
    let startedAt: Date
    var states: [String: LocationState]
    var budget: RequestBudget
    /// Every retained topic the bridge holds, for republishing.
    var retained = RetainedTopics()
    var mqtt: MQTTClient?
    var connected = false
    var everConnected = false
    var lastConnectionFailure: MQTTConnectionError?
    let store: StateStore
    /// What was last written to `state_dir`, so unchanged state is never written again.
    var savedState: [String: LocationState] = [:]
    var savedBudget: [UInt8]?
    /// The request budget each location's status last showed. A status shows the quota as of
    /// its location's last refresh, so one location's request does not republish every status.
    var quotaShown: [String: RequestBudget] = [:]
    let systemd = SystemdNotifier()
    /// Warnings (BridgeService+Alerts): the sources, made on first use; each location's merged
    /// alerts; the set last announced as events (as saved in state_dir).
    var alertSources: AlertSources?
    var mergedAlerts: [String: [Alert]] = [:]
    var announcedAlerts: [String: [Alert]] = [:]

    public init(configuration: BridgeConfiguration, clock: BridgeClock, log: Log, refresher: Refresher) {
        self.configuration = configuration
        self.clock = clock
        self.log = log
        self.refresher = refresher
        topics = TopicNames(base: configuration.mqtt.baseTopic)
        announcedLocations = configuration.homeAssistant.discovery ? Set(configuration.locations.map(\.id)) : []
        let startedAt = clock.now()
        self.startedAt = startedAt
        let store = StateStore(directory: configuration.stateDirectory)
        var budget = store.loadBudget() ?? RequestBudget(day: ZoneInfo.utc.localDate(startedAt))
        budget.roll(to: startedAt)
        var states: [String: LocationState] = [:]
        for location in configuration.locations {
            // A restarted bridge keeps its last good readings and asks again only when due.
            states[location.id] = store.load(location: location.id) ?? LocationState(nextPoll: startedAt)
        }
        self.store = store
        self.states = states
        self.budget = budget
    }

    // MARK: - Running

    /// Runs until the task is cancelled (SIGTERM/SIGINT), then shuts down cleanly:
    /// `offline` on `bridge/state`, a DISCONNECT, and a bounded wait for acknowledgements.
    /// With `once`, refreshes every location once, publishes and returns.
    /// Returns the process exit code (SPEC §7).
    public func run(once: Bool) async -> Int32 {
        let client: MQTTClient
        do {
            client = try MQTTClient(connectOptions())
        } catch {
            log.error("cannot set up the MQTT client: \(error)")
            return ExitCode.configuration
        }
        mqtt = client
        let events = client.events
        let eventTask = Task { [weak self] in
            for await event in events {
                await self?.handle(event)
            }
        }
        client.start()
        // The configuration is loaded and the first connect is under way: ready for systemd.
        systemd.ready()
        log.info(
            "weather2mqtt \(BridgeVersion.current) started",
            ["mqtt.broker": "\(configuration.mqtt.host):\(configuration.mqtt.port)",
             "locations": "\(configuration.locations.count)"])
        retain(topics.bridgeInfo, StatusPayload.bridgeInfo(configuration: configuration, startedAt: startedAt).utf8Bytes)
        announceDevices()
        for location in configuration.locations where states[location.id]?.forecast != nil {
            publishReadings(location)
        }
        publishStatuses()

        var exitCode: Int32 = ExitCode.success
        if once {
            // Wait (bounded) for the broker before asking any provider.
            let deadline = ContinuousClock.now + .seconds(10)
            // A refusal that waiting cannot change (credentials, TLS, options) ends the wait.
            let final: Set<MQTTConnectionError.Kind> = [.notAuthorised, .tls, .invalidOptions]
            while !connected, lastConnectionFailure.map({ final.contains($0.kind) }) != true,
                ContinuousClock.now < deadline, !Task.isCancelled
            {
                try? await Task.sleep(for: .milliseconds(50))
            }
            if !connected {
                log.error("MQTT broker unreachable: \(lastConnectionFailure?.description ?? "no answer within 10 s")")
                await shutdown(client, eventTask)
                return ExitCode.unavailable
            }
            exitCode = await refreshDue()
            publishStatuses()
        } else {
            while !Task.isCancelled {
                systemd.watchdog()
                _ = await refreshDue()
                publishStatuses()
                let next = states.values.map(\.nextPoll).min() ?? clock.now().addingTimeInterval(60)
                let wait = min(systemd.watchdogInterval ?? 60, 60, max(0.5, next.timeIntervalSince(clock.now())))
                try? await Task.sleep(for: .milliseconds(Int(wait * 1000)))
            }
        }
        await shutdown(client, eventTask)
        return exitCode
    }

    private func shutdown(_ client: MQTTClient, _ eventTask: Task<Void, Never>) async {
        systemd.stopping()
        if connected {
            try? client.publish(
                topic: topics.bridgeState, payload: Array("offline".utf8), qos: configuration.mqtt.qos, retain: true)
            _ = await client.waitForPublished(timeout: .seconds(5))
        }
        await client.stop(timeout: .seconds(3))
        eventTask.cancel()
        log.info("weather2mqtt stopped")
    }

    func connectOptions() -> MQTTConnectOptions {
        let settings = configuration.mqtt
        var options = MQTTConnectOptions(
            host: settings.host, port: settings.port, clientID: settings.clientID, username: settings.username,
            password: settings.password, keepAlive: settings.keepAlive,
            protocolVersion: settings.protocolVersion == .v5 ? .v5 : .v311)
        options.will = MQTTWill(topic: topics.bridgeState, payload: Array("offline".utf8), qos: settings.qos, retain: true)
        if settings.scheme == "mqtts" {
            let tls = settings.tls
            options.tls = MQTTTLSOptions(
                caFile: tls?.caFile, certFile: tls?.certFile, keyFile: tls?.keyFile, insecure: tls?.insecure ?? false)
        }
        return options
    }

    // MARK: - MQTT events

    func handle(_ event: MQTTEvent) {
        switch event {
        case .connected:
            connected = true
            everConnected = true
            lastConnectionFailure = nil
            log.info("connected to the MQTT broker; republishing \(retained.count) retained topics")
            send(topics.bridgeState, Array("online".utf8), retain: true)
            for topic in retained.order {
                if let payload = retained.payload(topic) { send(topic, payload, retain: true) }
            }
            retained.markAllSent(at: clock.now())
            // Home Assistant: its birth message, and our own old devices to clean up.
            let prefix = configuration.homeAssistant.prefix
            do {
                if configuration.homeAssistant.discovery {
                    try mqtt?.subscribe(Discovery.statusTopic(prefix: prefix), qos: 1)
                }
                try mqtt?.subscribe(Discovery.cleanupFilter(prefix: prefix), qos: 1)
            } catch {
                log.warning("subscribe failed: \(error.description)")
            }
        case .connectionFailed(let error):
            connected = false
            lastConnectionFailure = error
            log.warning("MQTT connection failed: \(error.description); retrying")
        case .disconnected(let reason):
            connected = false
            if let reason { log.warning("MQTT connection lost: \(reason); reconnecting") }
        case .message(let message):
            handle(message)
        }
    }

    /// Home Assistant's birth message and retained discovery configs of removed locations.
    func handle(_ message: MQTTMessage) {
        let prefix = configuration.homeAssistant.prefix
        if message.topic == Discovery.statusTopic(prefix: prefix) {
            guard configuration.homeAssistant.discovery, Discovery.isBirth(message.payload) else { return }
            let delay = Discovery.birthDelay(random: Double.random(in: 0..<1))
            log.info("Home Assistant is online; resending discovery")
            Task { [weak self] in
                try? await Task.sleep(for: delay)
                await self?.resendDiscovery()
            }
            return
        }
        guard message.retain, !message.payload.isEmpty else { return }
        if Discovery.shouldRemove(
            topic: message.topic, payload: message.payload, configuredLocations: announcedLocations, prefix: prefix,
            baseTopic: configuration.mqtt.baseTopic)
        {
            log.info("removing the Home Assistant device of a location no longer configured", ["mqtt.topic": message.topic])
            send(message.topic, [], retain: true)
        }
    }

    /// Discovery configs for every location (retained, so they go out again on every reconnect).
    func announceDevices() {
        guard configuration.homeAssistant.discovery else { return }
        for location in configuration.locations {
            let payload = Discovery.payload(
                for: location, provider: location.providers.first ?? "open-meteo", configuration: configuration)
            retain(Discovery.configTopic(prefix: configuration.homeAssistant.prefix, location: location.id), payload.utf8Bytes)
        }
    }

    /// Sends every discovery config again, changed or not (Home Assistant restarted).
    func resendDiscovery() {
        guard configuration.homeAssistant.discovery else { return }
        for location in configuration.locations {
            let topic = Discovery.configTopic(prefix: configuration.homeAssistant.prefix, location: location.id)
            if let payload = retained.payload(topic) { send(topic, payload, retain: true) }
        }
    }

    // MARK: - Polling

    /// Refreshes every location whose data is due, a bounded number at a time, and saves
    /// what changed. Returns the exit code of the first failure (0 when all succeeded).
    func refreshDue() async -> Int32 {
        let now = clock.now()
        budget.roll(to: now)
        let due = configuration.locations.filter { (states[$0.id]?.nextPoll ?? now) <= now }
        guard !due.isEmpty else { return ExitCode.success }
        var worst: Int32 = ExitCode.success
        let refresher = self.refresher
        let budgetSnapshot = budget
        let snapshot = states
        await withTaskGroup(of: (LocationSettings, Refresher.Outcome, [(String, Int)]).self) { group in
            var pending = due[...]
            func addNext() {
                guard let location = pending.popFirst() else { return }
                let state = snapshot[location.id] ?? LocationState(nextPoll: now)
                group.addTask {
                    var attempts: [(String, Int)] = []
                    let outcome = await refresher.refresh(location, state: state, budget: budgetSnapshot, now: now) {
                        attempts.append(($0, $1))
                    }
                    return (location, outcome, attempts)
                }
            }
            for _ in 0..<16 { addNext() }
            while let (location, outcome, attempts) = await group.next() {
                for (provider, calls) in attempts { budget.spend(provider, calls: calls, now: clock.now()) }
                let code = apply(outcome, to: location)
                if code != ExitCode.success && worst == ExitCode.success { worst = code }
                addNext()
            }
        }
        await refreshAlerts(due)
        if let bytes = store.save(budget: budget, previous: savedBudget) { savedBudget = bytes }
        return worst
    }

    /// Records an outcome in the location's state and publishes what changed.
    func apply(_ outcome: Refresher.Outcome, to location: LocationSettings) -> Int32 {
        let now = clock.now()
        var state = states[location.id] ?? LocationState(nextPoll: now)
        state.lastAttempt = now
        quotaShown[location.id] = nil
        let interval = max(Double(location.interval), location.providers.map(PollPolicy.minimumInterval).max() ?? 60)
        var code = ExitCode.success
        switch outcome {
        case .fresh(let provider, let result, let earlier):
            state.forecast = result.forecast
            state.lastError = earlier.first.map {
                LocationState.LastError(
                    at: now, provider: $0.provider, message: $0.error.description, httpStatus: $0.error.httpStatus)
            }
            for (skipped, error) in earlier {
                if let seconds = error.retryAfter, seconds > 0 { state.notBefore[skipped] = now.addingTimeInterval(seconds) }
                log.warning("fell back from \(skipped): \(error.description)", ["location": location.id, "provider": provider])
            }
            state.provider = provider
            state.fetchedAt = now
            state.lastSuccess = now
            state.consecutiveFailures = 0
            state.validators[provider] = result.freshness.validators
            state.nextPoll = PollPolicy.nextPoll(
                after: now, interval: interval, lifetime: result.freshness.lifetime, random: Double.random(in: 0..<1))
            state.expiresAt = now.addingTimeInterval(max(interval, result.freshness.lifetime ?? 0))
            log.info(
                "refreshed", ["location": location.id, "provider": provider])
        case .notModified(let provider, let freshness):
            state.lastSuccess = now
            state.lastError = nil
            state.consecutiveFailures = 0
            state.nextPoll = PollPolicy.nextPoll(
                after: now, interval: interval, lifetime: freshness.lifetime, random: Double.random(in: 0..<1))
            state.expiresAt = now.addingTimeInterval(max(interval, freshness.lifetime ?? 0))
            log.info("not modified", ["location": location.id, "provider": provider])
        case .failed(let errors):
            state.consecutiveFailures += 1
            let retryAfter = errors.compactMap(\.error.retryAfter).max()
            state.nextPoll = now.addingTimeInterval(
                PollPolicy.backoff(
                    failures: state.consecutiveFailures, retryAfter: retryAfter, random: Double.random(in: 0..<1)))
            for (provider, error) in errors {
                if let seconds = error.retryAfter, seconds > 0 {
                    state.notBefore[provider] = now.addingTimeInterval(seconds)
                }
            }
            if let (provider, error) = errors.first {
                state.lastError = LocationState.LastError(
                    at: now, provider: provider, message: error.description, httpStatus: error.httpStatus)
                log.warning(
                    "refresh failed: \(error.description)",
                    ["location": location.id, "provider": provider, "failures": "\(state.consecutiveFailures)"])
                code = ExitCode.forProviderError(error)
            } else {
                log.warning("no provider could be asked", ["location": location.id])
                code = ExitCode.unavailable
            }
        }
        states[location.id] = state
        if store.save(location: location.id, state, previous: savedState[location.id]) {
            savedState[location.id] = state
        }
        publishReadings(location)
        return code
    }
}
