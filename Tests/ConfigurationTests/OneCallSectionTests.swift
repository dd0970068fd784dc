import Configuration
import Foundation
import TestSupport
import Testing

/// `onecall:`: `weatherview serve`'s OpenWeatherMap-shaped answers (SPEC §8).
@Suite("Serve: the onecall section")
struct OneCallSectionTests {
    @Test("radius and appid are read (appid_file too); without the section: 25 km and no key")
    func keys() throws {
        let settings = try ConfigTesting.parse(ConfigTesting.withMinimal("onecall:\n  radius: 2.5\n  appid: abc123"))
            .oneCall
        #expect(settings == OneCallSettings(radius: 2.5, appid: "abc123"))
        let fromFile = try ConfigTesting.parse(
            ConfigTesting.withMinimal("onecall:\n  appid_file: /run/owm-key"), files: ["/run/owm-key": "k3y\n"]
        ).oneCall
        #expect(fromFile.appid == "k3y" && fromFile.radius == 25)
        #expect(try ConfigTesting.parse(ConfigTesting.minimal).oneCall == OneCallSettings())
    }

    @Test(
        "a wrong value is exit 78 naming the key",
        arguments: [
            ("onecall:\n  radius: 0", "onecall.radius must be between"),
            ("onecall:\n  radius: far", "onecall.radius must be a number"),
            ("onecall:\n  appid: a b", "onecall.appid must be printable ASCII without spaces"),
            ("onecall:\n  appid: a\n  appid_file: /k", "give either onecall.appid or onecall.appid_file"),
            ("onecall:\n  key: a", "key"),
        ])
    func wrong(_ yaml: String, _ message: String) throws {
        let error = try #require(ConfigTesting.error(ConfigTesting.withMinimal(yaml)))
        #expect(error.description.contains(message), "\(error.description)")
    }

    @Test("SPEC §8's onecall: example loads as it says")
    func specExample() throws {
        let spec = try String(contentsOfFile: TestPaths.repository + "/docs/SPEC.md", encoding: .utf8)
        let start = try #require(spec.range(of: "```yaml\nonecall:\n"))
        let end = try #require(spec[start.upperBound...].range(of: "```"))
        let yaml = "onecall:\n" + spec[start.upperBound..<end.lowerBound]
        let settings = try ConfigTesting.parse(ConfigTesting.withMinimal(yaml), environment: ["OWM_APPID": "k"]).oneCall
        #expect(settings == OneCallSettings(radius: 25, appid: "k"))
    }

    @Test("weatherview reads the section alone: the rest of the file is not validated")
    func alone() throws {
        let folder = TemporaryFolder()
        let path = folder.write("config.yaml", "onecall:\n  radius: 10\nlocations: not checked here\n")
        #expect(try ConfigurationLoader.loadOneCall(path: path).radius == 10)
        let empty = folder.write("empty.yaml", "")
        #expect(try ConfigurationLoader.loadOneCall(path: empty) == OneCallSettings())
    }
}
