import Foundation
import Testing

/// `weatherview` reads only the configuration's `mqtt:`, `homeassistant:`, `displays:` and
/// `onecall:`, and tells Home Assistant only about displays: it imports `ConfigurationCore` and
/// `HomeAssistantCore`, never the bridge's `Configuration` and `HomeAssistant`, so it links no
/// `Stations` and no `ProviderFacts` either (docs/ARCHITECTURE.md). The executable's symbol table
/// says which modules went into it: a Swift symbol starts with `$s` and its module's name, written
/// after the name's length (`$s8Stations…`).
@Suite("weatherview links only the configuration and Home Assistant it uses")
struct WeatherviewLinkTests {
    @Test("no Stations, ProviderFacts, Configuration or HomeAssistant in the weatherview executable")
    func onlyTheCores() throws {
        let binary = try Data(contentsOf: URL(fileURLWithPath: WeatherviewProcess.executable))
        func links(_ module: String) -> Bool {
            binary.range(of: Data("$s\(module.utf8.count)\(module)".utf8)) != nil
        }
        for module in ["Stations", "ProviderFacts", "Configuration", "HomeAssistant"] {
            #expect(!links(module), "weatherview links \(module)")
        }
        // What it does link is found, so the absence above is not a symbol table the test cannot read.
        for module in ["ConfigurationCore", "HomeAssistantCore", "Viewer"] {
            #expect(links(module), "\(module)'s symbols not found in \(WeatherviewProcess.executable)")
        }
    }
}
