import Configuration
import FoundationEssentials
import HTTPServer
import Synchronization
import WireContract

/// Where `/api/display` reports a contact, on the HTTP server's thread: the ledger decides
/// (``HealthLedger``), `publish` sends each message to the broker (retained, QoS 1).
final class HealthDesk: Sendable {
    private let ledger: Mutex<HealthLedger>
    private let publish: @Sendable (Publication) -> Void

    init(ledger: HealthLedger, publish: @escaping @Sendable (Publication) -> Void) {
        self.ledger = Mutex(ledger)
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
        for message in messages { publish(message) }
    }

    /// The broker connection is back: every display's next contact publishes everything again.
    func reconnected() { ledger.withLock { $0.reconnected() } }
}
