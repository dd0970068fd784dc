import ArgumentParser
import Viewer

/// `weatherview watch [LOC]`: a line per update until interrupted.
struct Watch: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Print a line per update until interrupted (Ctrl-C).",
        discussion: """
            Without LOC, every location's updates. The retained state is printed first, then each \
            update as it arrives. Warning events (<base>/<loc>/alerts/event) print as they come: \
            what changed (new, updated, ended), severity, title, until when, the source's credit. \
            With --json, each line is {"topic": …, "payload": …}, the payload \
            as JSON (plain-text payloads such as bridge/state as a string). A payload that does not \
            parse is reported on stderr and skipped. Ends with 0 on SIGINT or SIGTERM.
            """)

    @Argument(help: "Location id (e.g. home); all locations when left out.")
    var location: String?

    @Flag(help: "One JSON object per line: {\"topic\": …, \"payload\": …}.")
    var json = false

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let command = WatchCommand(location: location, json: json, broker: global.brokerOptions)
        try await runCommand { () throws(Failure) -> Int32 in try await command.run() }
    }
}
