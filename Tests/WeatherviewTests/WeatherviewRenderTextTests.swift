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

    /// FreeType, HarfBuzz and fontconfig (and GLib, libpng, … behind them) are opened when text
    /// is first drawn (`Sources/FontLibraries`), so a script's `get` does not pay for loading
    /// them. The loader says which files it opens, and why.
    @Test("get and show do not load the font libraries; render opens them when it draws")
    func fontLibrariesOnFirstUse() throws {
        let broker = try TestBroker.start()
        try RetainedWeather.publish(to: broker)
        let loader = fresh.merging(["LD_DEBUG": "files"]) { $1 }
        let fontLibraries = ["libfreetype.so", "libharfbuzz.so", "libfontconfig.so"]
        func opened(_ stderr: String) -> [String] {
            stderr.split(separator: "\n").filter { line in
                line.contains("file=") && fontLibraries.contains { line.contains("file=\($0)") }
            }.map(String.init)
        }
        for arguments in [["get", "munich", "current.temperature"], ["show", "munich"], ["--version"]] {
            let result = try WeatherviewProcess.run(
                arguments + (arguments[0] == "--version" ? [] : ["--broker", broker.url]),
                environment: loader)
            #expect(result.status == 0, "\(arguments): \(result.stderr.suffix(400))")
            #expect(opened(result.stderr).isEmpty, "\(arguments) loaded: \(opened(result.stderr))")
        }
        let folder = TemporaryFolder()
        let render = try WeatherviewProcess.run(
            ["render", "munich", "--size", "400x300", "--out", folder.path + "/frame.png", "--broker", broker.url],
            environment: loader)
        #expect(render.status == 0, "\(render.stderr.suffix(400))")
        for library in fontLibraries {
            #expect(
                opened(render.stderr).contains { $0.contains("file=\(library)") && $0.contains("dynamically loaded") },
                "render did not dlopen \(library)")
        }
    }

    /// A font library that cannot be loaded (here a broken copy found first on the library
    /// path) ends `render` with the file named and 69, not a crash; `get` never notices.
    @Test("render without a loadable font library names it and exits 69; get does not need it")
    func fontLibraryMissing() throws {
        let broker = try TestBroker.start()
        try RetainedWeather.publish(to: broker)
        let folder = TemporaryFolder()
        try Data("not a library".utf8).write(to: URL(fileURLWithPath: folder.path + "/libharfbuzz.so.0"))
        let broken = fresh.merging(["LD_LIBRARY_PATH": folder.path]) { $1 }
        let render = try WeatherviewProcess.run(
            ["render", "munich", "--size", "400x300", "--out", folder.path + "/frame.png", "--broker", broker.url],
            environment: broken)
        #expect(render.status == 69, "\(render.stderr.suffix(400))")
        #expect(render.stderr.contains("cannot load libharfbuzz.so.0"), "\(render.stderr.suffix(400))")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/frame.png"))
        let get = try WeatherviewProcess.run(
            ["get", "munich", "current.temperature", "--broker", broker.url], environment: broken)
        #expect(get.status == 0, "\(get.stderr.suffix(400))")
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
