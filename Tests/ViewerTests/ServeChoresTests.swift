import ConfigurationCore
import Foundation
import HomeAssistantCore
import Rendering
import TestSupport
import Testing
import WireContract

@testable import Viewer

/// What `serve` does besides answering, as values: which displays' topics it clears at a start,
/// what its state file remembers of them, and when its loop resends discovery, clears and
/// publishes images.
@Suite("Serve: removed displays and the loop's chores")
struct ServeChoresTests {
    static let kitchen = DeviceBook.Device(mac: "A1:B2:C3:D4:E5:F6", token: "t1", friendlyID: "KITCHEN")
    static let stranger = DeviceBook.Device(mac: "0A:0B:0C:0D:0E:0F", token: "t2", friendlyID: "5E5E5E")

    static func displays(_ names: [String], unknown: DisplaysSettings.Unknown = .default, images: [String] = [])
        -> DisplaysSettings
    {
        var displays = DisplaysSettings()
        displays.unknown = unknown
        displays.devices = names.map { name in
            var device = DisplaySettings()
            (device.mac, device.name) = (kitchen.mac, name)
            return device
        }
        displays.images = images.map { location in
            var image = DisplaySettings()
            image.location = location
            return image
        }
        return displays
    }

    @Test("the ids a start clears: a device's old name, a refused device, an image turned off")
    func removed() {
        let devices = [Self.kitchen, Self.stranger]
        let named = RemovedDisplays.current(devices: devices, displays: Self.displays(["Kitchen"], images: ["home"]))
        #expect(named == ["kitchen", "0a0b0c0d0e0f", "home"])
        // The section went: the kitchen's device is answered under its MAC's id.
        let gone = RemovedDisplays.current(devices: devices, displays: DisplaysSettings())
        #expect(RemovedDisplays.ids(published: named, current: gone) == ["home", "kitchen"])
        // unknown: refuse: the stranger is answered no more.
        let refused = RemovedDisplays.current(devices: devices, displays: Self.displays(["Kitchen"], unknown: .refuse))
        #expect(RemovedDisplays.ids(published: named, current: refused) == ["0a0b0c0d0e0f", "home"])
        #expect(RemovedDisplays.ids(published: named, current: named) == [])
        let topics = RemovedDisplays.topics("kitchen", topics: TopicNames(base: "weather"), prefix: "ha")
        #expect(topics.first == ["ha/device/weather2mqtt-display_kitchen/config"])
        #expect(topics.then == ["weather/displays/kitchen/state", "weather/displays/kitchen/image"])
    }

    @Test("the state file keeps the ids published under, beside the devices, across a restart")
    func recorded() throws {
        let folder = TemporaryFolder()
        let path = folder.path + "/devices.json"
        let book = DeviceBook(path: path)
        let device = try book.register(mac: "a1:b2:c3:d4:e5:f6", name: "Kitchen").device
        #expect(book.record(["kitchen", "home"]))
        #expect(book.record(["kitchen"]))
        let again = DeviceBook(path: path)
        #expect(again.published == ["kitchen", "home"] && again.registered == [device])
        again.forget(["home"])
        #expect(DeviceBook(path: path).published == ["kitchen"])
        #expect(DeviceBook(path: path).device(token: device.token) == device)
    }

    @Test("a burst of births is one resend, 1 to 5 s later; the discovery it resends is every display's")
    func births() {
        let start = ContinuousClock.now
        var chores = ServeChores(images: false, now: start)
        #expect(chores.wake(start) == start + ServeChores.idle)
        chores.birth(start, random: 0)
        chores.birth(start + .milliseconds(500), random: 0.9)
        #expect(chores.resendAt == start + .seconds(1))
        #expect(chores.due(start + .milliseconds(999)) == [])
        #expect(chores.due(start + .seconds(1)) == [.resendDiscovery])
        chores.birth(start + .seconds(2), random: 0.5)
        #expect(chores.resendAt == start + .seconds(5))

        var ledger = HealthLedger(topics: TopicNames(base: "weather"), homeAssistant: HomeAssistantSettings())
        _ = ledger.contact(DisplayHealthTests.health(DisplayHealthTests.firmware), settings: DisplaySettings())
        #expect(
            ledger.discoveryAgain().map(\.topic) == ["homeassistant/device/weather2mqtt-display_a0b1c2d3e4f5/config"])
        ledger.reconnected()
        #expect(ledger.discoveryAgain().isEmpty)
    }

    @Test("images: looked at once at the start, a second after new data settles, and when a frame next changes")
    func images() {
        let start = ContinuousClock.now
        var chores = ServeChores(images: true, now: start)
        #expect(chores.due(start) == [.publishImages])
        chores.imagesNext(start + .seconds(600))
        chores.dataChanged(start + .seconds(10))
        chores.dataChanged(start + .seconds(10.5))
        #expect(chores.imagesAt == start + .seconds(11))
        #expect(chores.due(start + .seconds(11)) == [.publishImages])
        chores.imagesNext(nil)
        #expect(chores.wake(start + .seconds(11)) == start + .seconds(11) + ServeChores.idle)
        var none = ServeChores(images: false, now: start)
        none.dataChanged(start)
        #expect(none.imagesAt == nil)
    }

    @Test("an image is published when its bytes change, its discovery before the first; the same bytes as /frames")
    func imageMessages() throws {
        #expect(FrameFonts.loadLibraries() == nil)
        let book = FrameBook(base: "weather")
        for (kind, payload) in RecordedWeather.munich { book.update(topic: "weather/munich/\(kind)", payload: payload) }
        let now = try #require(ISO8601DateFormatter().date(from: "2026-02-07T15:20:00Z"))
        var images = FrameImages(
            displays: Self.displays([], images: ["munich"]), defaults: FrameSpec(), topics: TopicNames(base: "weather"),
            homeAssistant: HomeAssistantSettings())
        let (first, next) = images.due(book, now: now)
        #expect(
            first.map(\.topic) == [
                "homeassistant/device/weather2mqtt-display_munich/config", "weather/displays/munich/image",
            ])
        let frame = try book.frame(FrameSpec(location: "munich"), now: now).get()
        let same = first.last?.payload == frame.bytes
        #expect(same, "the image is not the /frames/munich.png bytes")
        #expect(next == frame.nextChange)
        #expect(images.due(book, now: now.addingTimeInterval(1)).messages.isEmpty)
        book.update(topic: "weather/munich/current", payload: RecordedWeather.current(temperature: 21))
        #expect(
            images.due(book, now: now.addingTimeInterval(2)).messages.map(\.topic) == ["weather/displays/munich/image"])
        #expect(images.discoveryAgain().map(\.topic) == ["homeassistant/device/weather2mqtt-display_munich/config"])
    }
}
