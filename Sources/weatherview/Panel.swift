import ArgumentParser
import Viewer

/// `weatherview panel`: the e-paper panel on this machine's SPI header, without a broker.
struct Panel: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "panel",
        abstract: "Show a picture on the e-paper panel, clear it, or put it to sleep.",
        discussion: """
            Panels: \(PanelCommand.panels). The 4.2" and 2.9" panels exist as V1 and V2 with \
            different controllers: a V2 says "V2" on the label on its back. The panel is reached \
            through /dev/spidevB.C and the GPIO lines GPIO17 (RST), GPIO25 (DC), GPIO24 (BUSY) and \
            GPIO18 (PWR), found by name on any /dev/gpiochip*. Each command wakes the panel, does a \
            full refresh and puts it back into deep sleep with the power off. Exit codes: 64 usage, \
            65 a picture that cannot be read as PNG/PBM or does not fit the panel, 66 a file that \
            cannot be read, 69 no SPI device, no permission, or a BUSY wait past the panel's timeout.
            """,
        subcommands: [PanelShow.self, PanelClear.self, PanelSleep.self])
}

/// The options every `panel` command takes.
struct PanelOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The panel (listed above).", valueName: "NAME"))
    var panel: String

    @Option(
        name: .customLong("panel-device"),
        help: ArgumentHelp("spi0.0 for /dev/spidev0.0; trace:FILE[,busy=N|never] records instead.", valueName: "DEV"))
    var panelDevice: String = "spi0.0"

    func run(_ action: PanelCommand.Action) async throws {
        let command = PanelCommand(action: action, panel: panel, device: panelDevice)
        try await runCommand { () throws(Failure) -> Int32 in try await command.run() }
    }
}

struct PanelShow: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show a PNG or PBM picture (the panel's size, or turned; - reads stdin).")

    @Argument(help: ArgumentHelp("The picture.", valueName: "FILE"))
    var file: String

    @OptionGroup var options: PanelOptions

    func run() async throws { try await options.run(.show(file)) }
}

struct PanelClear: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "clear", abstract: "Make the panel white.")

    @OptionGroup var options: PanelOptions

    func run() async throws { try await options.run(.clear) }
}

struct PanelSleep: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sleep", abstract: "Put the panel into deep sleep and switch its power off.")

    @OptionGroup var options: PanelOptions

    func run() async throws { try await options.run(.sleep) }
}
