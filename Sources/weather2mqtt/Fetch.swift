import ArgumentParser
import Bridge

struct Fetch: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract: "Ask the providers now and print the normalised payloads as JSON (no MQTT).")

    @OptionGroup var options: ConfigOption

    @Option(help: "Only this location.")
    var location: String?

    func run() async throws {
        let setup = try BridgeSetup.loadOrExit(configPath: options.config)
        let (json, code) = await OneShotFetch(setup: setup).run(location: location)
        print(json)
        if code != 0 { throw ExitCode(code) }
    }
}
