import ConfigurationCore
import FoundationEssentials
import HTTPServer
import Synchronization
import WireContract

/// Where `/api/display` reports a contact, on the HTTP server's thread: the ledger decides
/// (``HealthLedger``), `record` notes the display's id in the state file (so that a later start
/// can clear its topics: ``RemovedDisplays``), `publish` sends each message to the broker
/// (retained, QoS 1).
final class HealthDesk: Sendable {
    private let ledger: Mutex<HealthLedger>
    private let record: @Sendable (String) -> Void
    private let publish: @Sendable (Publication) -> Void

    init(
        ledger: HealthLedger, record: @escaping @Sendable (String) -> Void,
        publish: @escaping @Sendable (Publication) -> Void
    ) {
        self.ledger = Mutex(ledger)
        self.record = record
        self.publish = publish
    }

    /// `device` asked at `now` with `head` and was answered `filename` and `refresh`.
    func contact(
        device: DeviceBook.Device, settings: DisplaySettings, head: RequestHead, now: Date,
        filename: String?, refresh: Int?
    ) {
        let health = DisplayReading.health(
            device: device, name: settings.name, header: { head.header($0) }, now: now, filename: filename,
            refresh: refresh)
        let messages = ledger.withLock { $0.contact(health, settings: settings) }
        if !messages.isEmpty { record(health.id) }
        for message in messages { publish(message) }
    }

    /// Home Assistant restarted: every display's discovery again.
    func discoveryAgain() { for message in ledger.withLock({ $0.discoveryAgain() }) { publish(message) } }

    /// The broker connection is back: every display's next contact publishes everything again.
    func reconnected() { ledger.withLock { $0.reconnected() } }
}
