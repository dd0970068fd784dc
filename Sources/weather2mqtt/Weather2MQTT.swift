import ArgumentParser
import Bridge
import SystemIO
import WireContract

#if canImport(Glibc)
    import Glibc
#endif

/// The process's entry point, weatherview's too (``SystemIO/runEntry(_:)``).
@main
enum Entry {
    static func main() { SystemIO.runEntry { await Weather2MQTT.main() } }
}

/// `weather2mqtt`: the bridge service and its tools (SPEC §7).
struct Weather2MQTT: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "weather2mqtt",
        abstract: "Polls weather providers and publishes normalised readings as retained MQTT topics.",
        version: BridgeVersion.current,
        subcommands: [Run.self, Check.self, Fetch.self, Search.self, HATemplate.self],
        defaultSubcommand: Run.self
    )
}

/// `--config PATH`, shared by every command.
struct ConfigOption: ParsableArguments {
    @Option(name: .long, help: "Configuration file (default: $WEATHER2MQTT_CONFIG or /etc/weather2mqtt/config.yaml).")
    var config: String?
}

extension BridgeSetup {
    /// Loads the setup, or prints why not and exits with SPEC §7's code.
    static func loadOrExit(configPath: String?) throws -> BridgeSetup {
        do {
            return try BridgeSetup.load(configPath: configPath)
        } catch {
            printError(error.message)
            throw ExitCode(error.exitCode)
        }
    }
}

/// Writes `weather2mqtt: message` to standard error (with journald's error priority `<3>`
/// under systemd).
func printError(_ message: String) {
    let priority = getenv("JOURNAL_STREAM") != nil ? "<3>" : ""
    SystemIO.writeAll(priority + "weather2mqtt: " + message + "\n", to: 2)
}
