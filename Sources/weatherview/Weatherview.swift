import ArgumentParser
import SystemIO
import WireContract

/// The process's entry point, the bridge's too (``SystemIO/runEntry(_:)``).
@main
enum Entry {
    static func main() { SystemIO.runEntry { await Weatherview.main() } }
}

/// `weatherview`: reads the retained topics of weather2mqtt from any broker and shows them
/// in a terminal, or hands single values and updates to scripts (SPEC §7).
struct Weatherview: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "weatherview",
        abstract: "Shows the weather that weather2mqtt publishes on an MQTT broker.",
        discussion: """
            The broker comes from --broker, else $WEATHER2MQTT_BROKER, else the mqtt: section of \
            --config FILE, else mqtt://127.0.0.1:1883. The global options below may be given \
            before or after the command.

            Exit codes: 0 success, 4 data shown but stale, 64 usage, 65 a payload that does not \
            parse or match the schema, 66 no data for the location within --timeout, 69 broker \
            or panel unreachable, 78 configuration error.
            """,
        version: BridgeVersion.current,
        subcommands: Weatherview.commands
    )

    /// The commands, in the order `--help` lists them.
    static let commands: [any ParsableCommand.Type] = [
        Locations.self,
        Show.self,
        Get.self,
        Watch.self,
        Render.self,
        Panel.self,
        Serve.self,
    ]

    @OptionGroup var global: GlobalOptions
}
