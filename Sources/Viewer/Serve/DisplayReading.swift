import FoundationEssentials
import WireContract

/// A display's health from the headers of its `/api/display` (TRMNL firmware at 74f7b18,
/// `lib/trmnl/src/api-client/request_headers.cpp`): `Battery-Voltage`, `Percent-Charged`,
/// `RSSI`, `FW-Version`, `Model`, `Width`, `Height`. A header that is missing or not
/// plausible is `null` in the payload, never a guess; text is kept only when it is short
/// printable ASCII, so nothing a device sends can reach Home Assistant's templates unchecked.
enum DisplayReading {
    /// The health of `device` (named `name` in `displays:`, if it is), as its request `header`
    /// tells it at `now`, answered with `filename` and `refresh` (nil while there was no frame).
    static func health(
        device: DeviceBook.Device, name: String?, header: (String) -> String?, now: Date,
        filename: String?, refresh: Int?
    ) -> DisplayHealth {
        var health = DisplayHealth(
            id: DisplayHealth.displayID(name: name, mac: device.mac), friendlyID: device.friendlyID,
            mac: device.mac, lastContact: now)
        health.model = text(header("Model"))
        health.firmware = text(header("FW-Version"))
        if let volts = header("Battery-Voltage").flatMap({ Double($0) }), volts.isFinite, volts > 0, volts <= 10 {
            health.batteryVoltage = (volts * 1000).rounded() / 1000
        }
        if let gauge = header("Percent-Charged").flatMap({ Int($0) }), (0...100).contains(gauge) {
            (health.batteryPercent, health.percentSource) = (gauge, .gauge)
        } else if let volts = health.batteryVoltage {
            (health.batteryPercent, health.percentSource) = (BatteryCurve.percent(volts: volts), .voltage)
        }
        if let rssi = header("RSSI").flatMap({ Int($0) }), (-150...0).contains(rssi) { health.rssi = rssi }
        let width = (header("Width") ?? header("PNG-Width")).flatMap { Int($0) }
        let height = (header("Height") ?? header("PNG-Height")).flatMap { Int($0) }
        if let width, let height, (1...10000).contains(width), (1...10000).contains(height) {
            (health.width, health.height) = (width, height)
        }
        health.filename = filename
        health.refreshRate = refresh
        return health
    }

    /// `value` trimmed when it is 1…40 printable ASCII characters, else nil.
    static func text(_ value: String?) -> String? {
        guard let value else { return nil }
        let trimmed = String(value.drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
        guard (1...40).contains(trimmed.utf8.count),
            trimmed.utf8.allSatisfy({ (0x20...0x7E).contains($0) })
        else { return nil }
        return trimmed
    }
}
