import Configuration
import Foundation
import TestSupport
import Testing

/// `displays:`: what `weatherview serve` shows each network display (SPEC §8).
@Suite("Serve: the displays section")
struct DisplaysSectionTests {
    @Test("every key of a device, the default display and unknown: refuse are read")
    func keys() throws {
        let yaml = """
            displays:
              unknown: refuse
              default:
                location: home
                refresh_max: 30m
              devices:
                - mac: "AA:BB:CC:DD:EE:FF"
                  name: kitchen
                  location: home
                  layout: overview
                  size: 1872x1404
                  colors: gray4
                  rotate: 90
                  lang: de
                  units: imperial
                  refresh_min: 2m
                  refresh_max: 2h
                  quiet_hours: "23:00-06:30"
                  format: png
                  psram: true
            """
        let displays = try ConfigTesting.parse(ConfigTesting.withMinimal(yaml)).displays
        #expect(displays.unknown == .refuse)
        #expect(displays.fallback.location == "home" && displays.fallback.refreshMax == 1800)
        let device = try #require(displays.device("aa:bb:cc:dd:ee:ff"))
        #expect(displays.device("KITCHEN") == device)
        #expect(device.layout == "overview" && device.width == 1872 && device.height == 1404)
        #expect(device.colors == "gray4" && device.rotate == 90 && device.language == .de && device.units == "imperial")
        #expect(device.refreshMin == 120 && device.refreshMax == 7200 && device.psram)
        #expect(device.quietHours == QuietHours(start: 23 * 60, end: 6 * 60 + 30))
        #expect(try ConfigTesting.parse(ConfigTesting.minimal).displays == DisplaysSettings())
    }

    @Test(
        "a wrong value is exit 78 naming the key",
        arguments: [
            ("displays:\n  unknown: maybe", "displays.unknown must be default or refuse"),
            ("displays:\n  devices:\n    - location: home", "displays.devices[0] needs a mac"),
            ("displays:\n  devices:\n    - mac: a\n      colour: bw", "colour"),
            ("displays:\n  devices:\n    - mac: a\n      size: 800", "displays.devices[0].size must be WIDTHxHEIGHT"),
            (
                "displays:\n  devices:\n    - mac: a\n      rotate: 45",
                "displays.devices[0].rotate must be 0, 90, 180 or 270"
            ),
            ("displays:\n  devices:\n    - mac: a\n      colors: sepia", "displays.devices[0].colors must be"),
            (
                "displays:\n  devices:\n    - mac: a\n      quiet_hours: late",
                "displays.devices[0].quiet_hours must be HH:MM-HH:MM"
            ),
            (
                "displays:\n  devices:\n    - mac: a\n      format: bmp\n      size: 1024x758",
                "format bmp is TRMNL's 1-bit 800x480"
            ),
            (
                "displays:\n  devices:\n    - mac: a\n      refresh_min: 2h\n      refresh_max: 1h",
                "refresh_max must not be less"
            ),
            ("displays:\n  devices:\n    - mac: a\n    - name: A", "'a' is already a display's mac or name"),
            ("displays:\n  images:\n    - size: 800x480", "displays.images[0] needs a name or a location"),
            ("displays:\n  images:\n    - location: home\n      format: bmp", "format"),
            ("displays:\n  images:\n    - name: Hall Way", "'hall way' cannot be a topic segment"),
            (
                "displays:\n  devices:\n    - name: hall\n  images:\n    - name: Hall",
                "'hall' is already a display's or an image's name"
            ),
            ("displays:\n  images:\n    - location: home\n    - name: home", "'home' is already a display's"),
            ("displays:\n  images: home", "displays.images must be a list"),
        ])
    func wrong(_ yaml: String, _ message: String) throws {
        let error = try #require(ConfigTesting.error(ConfigTesting.withMinimal(yaml)))
        #expect(error.description.contains(message), "\(error.description)")
    }

    @Test("images: each a frame's settings; its id its name, else its location, else overview")
    func images() throws {
        let yaml = """
            displays:
              images:
                - location: home
                - name: Hall
                  location: home
                  size: 1872x1404
                  colors: gray4
                  lang: de
                - layout: overview
            """
        let images = try ConfigTesting.parse(ConfigTesting.withMinimal(yaml)).displays.images
        #expect(images.compactMap(DisplaysSettings.imageID) == ["home", "hall", "overview"])
        #expect(images[1].width == 1872 && images[1].colors == "gray4" && images[1].language == .de)
        #expect(try ConfigTesting.parse(ConfigTesting.minimal).displays.images.isEmpty)
    }

    @Test("SPEC §8's displays: example loads as it says")
    func specExample() throws {
        let spec = try String(contentsOfFile: TestPaths.repository + "/docs/SPEC.md", encoding: .utf8)
        let start = try #require(spec.range(of: "```yaml\ndisplays:\n"))
        let end = try #require(spec[start.upperBound...].range(of: "```"))
        let yaml = "displays:\n" + spec[start.upperBound..<end.lowerBound]
        let displays = try ConfigTesting.parse(ConfigTesting.withMinimal(yaml)).displays
        #expect(displays.unknown == .default && displays.fallback.location == "home")
        let kitchen = try #require(displays.device("kitchen"))
        #expect(kitchen.mac == "AA:BB:CC:DD:EE:FF" && kitchen.refreshMin == 300 && kitchen.refreshMax == 3600)
        #expect(kitchen.quietHours == QuietHours(start: 23 * 60, end: 6 * 60))
        #expect(displays.images.count == 1 && displays.images[0].location == "home" && displays.images[0].width == 800)
    }

    @Test("quiet hours across midnight: the minutes left to their end, none outside")
    func quietHours() throws {
        let night = try #require(QuietHours(parsing: "23:00-06:00"))
        #expect(night.remaining(at: 23 * 60) == 7 * 60)
        #expect(night.remaining(at: 5 * 60 + 59) == 1)
        #expect(night.remaining(at: 6 * 60) == nil)
        #expect(night.remaining(at: 12 * 60) == nil)
        let lunch = try #require(QuietHours(parsing: "12:00-13:00"))
        #expect(lunch.remaining(at: 12 * 60 + 30) == 30 && lunch.remaining(at: 13 * 60) == nil)
        #expect(QuietHours(parsing: "25:00-01:00") == nil && QuietHours(parsing: "10:00-10:00") == nil)
    }
}
