import Foundation
import TestSupport
import Testing

/// `render` and text from the outside: a script no installed font has, and `--font-dir`.
@Suite("weatherview render: fonts")
struct WeatherviewRenderTextTests {
    let fresh = ["WEATHER2MQTT_NOW": RetainedWeather.freshNow]

    @Test("a name in a script no font has renders with boxes and one warning naming the script and package")
    func missingScript() throws {
        let broker = try TestBroker.start()
        try RetainedWeather.publish(to: broker)
        // Kawi (Unicode 15): no Debian font package has it yet.
        let current = try #require(RetainedWeather.munich["current"])
        try broker.publish(
            "weather/munich/current",
            current.replacingOccurrences(of: "\"name\":\"Munich\"", with: "\"name\":\"\u{11F04}\u{11F05} Kawi\""),
            retain: true)
        let folder = TemporaryFolder()
        let result = try WeatherviewProcess.run(
            ["render", "munich", "--size", "400x300", "--out", folder.path + "/frame.png", "--broker", broker.url],
            environment: fresh)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.path + "/frame.png"))
        let warnings = result.stderr.split(separator: "\n").filter { $0.contains("no installed font has") }
        #expect(warnings.count == 1, "\(result.stderr)")
        #expect(warnings.first?.contains("Kawi characters") == true)
        #expect(warnings.first?.contains("install fonts-noto-extra") == true)
    }

    @Test("--font-dir without fonts is a usage error naming the option")
    func emptyFontDirectory() throws {
        let folder = TemporaryFolder()
        for directory in [folder.path, folder.path + "/nowhere"] {
            let result = try WeatherviewProcess.run(
                ["render", "--size", "400x300", "--out", folder.path + "/frame.png", "--font-dir", directory])
            #expect(result.status == 64, "\(result.stderr)")
            #expect(result.stderr.contains("--font-dir"))
        }
    }
}
