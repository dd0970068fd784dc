import Configuration
import Testing

@Suite("Location elevation")
struct ElevationTests {
    @Test("elevation: metres, optional, kept as written")
    func elevation() throws {
        let yaml =
            "locations:\n  - id: hill\n    latitude: 47.42\n    longitude: 10.98\n    elevation: 2962\n"
            + "  - id: flat\n    latitude: 52.52\n    longitude: 13.405\n"
        let configuration = try ConfigTesting.parse(yaml)
        #expect(configuration.locations[0].elevation == 2962)
        #expect(configuration.locations[1].elevation == nil)
    }
}
