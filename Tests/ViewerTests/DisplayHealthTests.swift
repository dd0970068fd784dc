import ConfigurationCore
import Foundation
import HomeAssistantCore
import TestSupport
import Testing
import WeatherModel
import WireContract

@testable import Viewer

/// A display's health as values: headers in, a payload (valid against
/// docs/schema/display-state.json) and the messages to publish out.
@Suite("Serve: display health")
struct DisplayHealthTests {
    static let device = DeviceBook.Device(
        mac: "A0:B1:C2:D3:E4:F5", token: "0123456789abcdef0123456789abcdef", friendlyID: "3F2A1C")
    static let start = Date(timeIntervalSince1970: 1_796_000_000)

    static let frame = "w2m-" + String(repeating: "a", count: 24)

    static func health(
        _ headers: [String: String], name: String? = nil, at date: Date = start, filename: String? = frame
    ) -> DisplayHealth {
        DisplayReading.health(
            device: device, name: name, header: { headers[$0] }, now: date, filename: filename,
            refresh: filename == nil ? nil : 900)
    }

    static let firmware = [
        "Battery-Voltage": "3.91", "RSSI": "-61", "FW-Version": "1.6.9", "Model": "og", "Width": "800",
        "Height": "480", "Access-Token": device.token, "ID": device.mac,
    ]

    @Test("the LiPo curve: full, empty, its points and between them")
    func curve() {
        let cases: [(Double, Int)] = [
            (4.7, 100), (4.2, 100), (4.15, 95), (4.14, 94), (3.84, 50), (3.705, 14), (3.61, 5), (3.5, 3), (3.27, 0),
            (2.9, 0), (.nan, 0),
        ]
        for (volts, percent) in cases { #expect(BatteryCurve.percent(volts: volts) == percent, "\(volts) V") }
    }

    @Test("the firmware's headers become the payload, valid against its schema")
    func payload() throws {
        let health = Self.health(Self.firmware, name: "Kitchen")
        #expect(health.id == "kitchen")
        let json = try JSONParser.parse(Array(health.payload.serialized().utf8))
        #expect(json["display"]?.string == "kitchen" && json["mac"]?.string == "A0:B1:C2:D3:E4:F5")
        #expect(json["battery_voltage"]?.double == 3.91 && json["battery_percent"]?.int == 65)
        #expect(json["battery_percent_source"]?.string == "voltage")
        #expect(json["rssi"]?.int == -61 && json["firmware"]?.string == "1.6.9" && json["model"]?.string == "og")
        #expect(json["width"]?.int == 800 && json["height"]?.int == 480 && json["refresh_rate"]?.int == 900)
        #expect(json["last_contact"]?.string == "2026-11-30T00:53:20+00:00" && json["schema"]?.int == 1)
        let validator = try SchemaValidator.repository()
        #expect(validator.validate(health.payload.serialized(), against: "display-state") == [])
        #expect(!health.payload.serialized().contains(Self.device.token))
    }

    @Test("a fuel gauge's Percent-Charged wins; -1 (an unread gauge) does not")
    func gauge() {
        var headers = Self.firmware
        headers["Percent-Charged"] = "87"
        let gauged = Self.health(headers)
        #expect(gauged.batteryPercent == 87 && gauged.percentSource == .gauge)
        headers["Percent-Charged"] = "-1"
        #expect(Self.health(headers).percentSource == .voltage)
    }

    @Test("missing and implausible headers are null, and still valid")
    func hostile() throws {
        let headers = [
            "Battery-Voltage": "-1.00", "RSSI": "12", "FW-Version": "{{ states('x') }}\u{7}", "Model": "",
            "Width": "0", "Height": "480",
        ]
        let health = Self.health(headers, name: "Not A Segment", filename: nil)
        #expect(health.id == "a0b1c2d3e4f5")
        #expect(health.batteryVoltage == nil && health.batteryPercent == nil && health.percentSource == nil)
        #expect(health.rssi == nil && health.firmware == nil && health.model == nil && health.width == nil)
        let validator = try SchemaValidator.repository()
        #expect(validator.validate(health.payload.serialized(), against: "display-state") == [])
        #expect(Self.health([:]).payload.serialized().contains(#""battery_voltage":null"#))
        #expect(DisplayHealth.displayID(name: "current", mac: Self.device.mac) == "a0b1c2d3e4f5")
    }

    @Test("the ledger: first contact, a change in kind at once, drifting readings at most once a minute")
    func ledger() throws {
        var settings = DisplaySettings()
        settings.name = "kitchen"
        var ledger = HealthLedger(
            topics: TopicNames(base: "weather"), homeAssistant: HomeAssistantSettings(prefix: "ha"))
        let first = ledger.contact(Self.health(Self.firmware, name: "kitchen"), settings: settings)
        #expect(
            first.map(\.topic) == ["ha/device/weather2mqtt-display_kitchen/config", "weather/displays/kitchen/state"])
        var drifted = Self.firmware
        drifted["Battery-Voltage"] = "3.89"
        let soon = Self.start.addingTimeInterval(30)
        #expect(ledger.contact(Self.health(drifted, name: "kitchen", at: soon), settings: settings) == [])
        let newFrame = Self.health(
            drifted, name: "kitchen", at: soon, filename: "w2m-" + String(repeating: "b", count: 24))
        #expect(ledger.contact(newFrame, settings: settings).map(\.topic) == ["weather/displays/kitchen/state"])
        let later = Self.health(drifted, name: "kitchen", at: soon.addingTimeInterval(60), filename: newFrame.filename)
        let published = ledger.contact(later, settings: settings)
        #expect(published.map(\.topic) == ["weather/displays/kitchen/state"])
        let state = try JSONParser.parse(try #require(published.first).payload)
        #expect(state["battery_voltage"]?.double == 3.89)
        var upgraded = drifted
        upgraded["FW-Version"] = "1.7.0"
        let afterUpgrade = ledger.contact(
            Self.health(upgraded, name: "kitchen", at: soon.addingTimeInterval(61), filename: newFrame.filename),
            settings: settings)
        #expect(afterUpgrade.count == 2)
        ledger.reconnected()
        let again = ledger.contact(
            Self.health(upgraded, name: "kitchen", at: soon.addingTimeInterval(62), filename: newFrame.filename),
            settings: settings)
        #expect(again.count == 2, "a reconnect sends discovery and state again at the next contact")
        #expect(afterUpgrade.allSatisfy { !String(decoding: $0.payload, as: UTF8.self).contains(Self.device.token) })
    }

    @Test("discovery off: the state only; the expiry is three refreshes and the quiet hours")
    func discoveryOff() {
        var ledger = HealthLedger(
            topics: TopicNames(base: "weather"), homeAssistant: HomeAssistantSettings(discovery: false))
        let messages = ledger.contact(Self.health(Self.firmware), settings: DisplaySettings())
        #expect(messages.map(\.topic) == ["weather/displays/a0b1c2d3e4f5/state"])
        var settings = DisplaySettings()
        settings.refreshMax = 1800
        #expect(HealthLedger.expireAfter(settings) == 5400)
        settings.quietHours = QuietHours(start: 23 * 60, end: 6 * 60)
        #expect(HealthLedger.expireAfter(settings) == 5400 + 7 * 3600)
    }
}
