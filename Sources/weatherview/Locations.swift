import ArgumentParser
import Viewer

/// `weatherview locations`: what the bridge announces, and how fresh each location is.
struct Locations: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "locations",
        abstract: "List the locations the bridge announces, with their state and the age of their data.",
        discussion: """
            Reads <base>/bridge/info, <base>/+/status and <base>/+/current. Exit code 4 when the \
            data of a location is stale, 65 when a payload is broken (the location is still listed), \
            66 when no location is found.
            """)

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let command = LocationsCommand(broker: global.brokerOptions)
        try await runCommand { () throws(Failure) -> Int32 in try await command.run() }
    }
}
