import Configuration
import FoundationEssentials
import HomeAssistant
import MQTTClient
import Providers
import SystemIO
import WeatherModel
import WireContract

/// The long-running bridge, composed: the location runner (forecast rounds, asked feeds, state,
/// warnings), the station runner and its inputs, the broker link and the one publisher. It
/// builds the parts, runs them in one task group and orders the shutdown; the parts decide.
///
/// The parts run on this actor; MQTT events arrive through the client's `AsyncStream` and
/// are handled here, never on libmosquitto's thread.
public actor BridgeService {
    let configuration: BridgeConfiguration
    let clock: BridgeClock
    let log: Log
    let refresher: Refresher
    let topics: TopicNames
    /// The locations' forecast rounds, asked feeds, state and warnings (`LocationRunner`).
    let locations: LocationRunner
    /// What goes out: every retained topic held, for republishing; own messages coming back.
    var publisher: Publisher
    var mqtt: MQTTClient?
    /// The connection's options, lines and `run --once`'s wait.
    var link: BrokerLink
    let systemd = SystemdNotifier()
    /// Where each message from the broker goes, and what is subscribed to on every connect.
    var inbound: InboundRouter
    /// The locations' Home Assistant devices, with what earlier runs announced.
    var devices: LocationDevices
    /// Home Assistant birth messages: one discovery resend per burst.
    var births = BirthCoalescer()
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
        topics = TopicNames(base: configuration.mqtt.baseTopic)
        publisher = Publisher(settings: configuration.mqtt, plan: FlatTopicPlan(configuration: configuration))
        link = BrokerLink(settings: configuration.mqtt)
        let locations = LocationRunner(
            configuration: configuration, clock: clock, log: log, refresher: refresher, feeds: feeds)
        let startedAt = locations.startedAt
        let store = locations.store
        self.locations = locations
        let rainStore = StationRainStore(directory: configuration.stateDirectory)
        stationRainStore = rainStore
        stations = StationRunner(configuration: configuration, feeds: feeds.stations, now: startedAt) {
            rainStore.load($0)
        }
        inbound = InboundRouter(configuration: configuration, stationFeeds: stations.feeds)
        devices = LocationDevices(
            configuration: configuration,
            saved: StateFiles.read(store.discoveryPath).flatMap { try? JSONParser.parse($0) })
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
        // The runner calls `output` only from its methods, which run on this actor (`isolation`):
        // checked, not inferred — Debian's swiftlang 6.2.3 (the arm64 and release builds)
        // crashes in SILGen on an actor-isolated closure that captures `unowned self`.
        locations.output = { [weak self] output in self?.assumeIsolated { $0.perform(output) } }
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
        locations.start()
        publishBridgeInfo()
        announceDevices()
        for location in configuration.locations where locations.book.states[location.id]?.forecast != nil {
            publish(location)
        }
        locations.publishStatuses()
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
            locations.book.saving.deferred = true
            let exitCode = await locations.pass()
            locations.publishStatuses()
            return exitCode
        }
        while !Task.isCancelled {
            systemd.watchdog()
            _ = await locations.pass()
            locations.passed()
            locations.publishStatuses()
            publishBoundaries()
            let wait = PollingRules.wake(
                nextPolls: locations.book.nextPolls + publisher.boundaries.values,
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
        locations.stop()
        if publisher.connected {
            publisher.disconnected()  // from here on nothing is corrected: its own 'offline' may come back
            let will = publisher.will
            try? client.publish(topic: will.topic, payload: will.payload, qos: configuration.mqtt.qos, retain: true)
            _ = await client.waitForPublished(timeout: .seconds(5))
        }
        await client.stop(timeout: .seconds(3))
        log.info("weather2mqtt stopped")
    }
}
