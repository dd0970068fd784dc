import ArgumentParser
import Bridge
import Configuration
import WireContract

struct Check: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract:
            "Validate the configuration and print the plan: locations, providers, requests per day, MeteoAlarm regions."
    )

    @OptionGroup var options: ConfigOption

    @Flag(
        name: .long,
        help:
            "Print the effective configuration instead (merge keys, ${NAME}, !secret and defaults applied; secrets masked)."
    )
    var printConfig = false

    func run() async throws {
        let setup = try BridgeSetup.loadOrExit(configPath: options.config)
        if printConfig {
            print(Secrets.redact(EffectiveConfiguration.yaml(setup.configuration)), terminator: "")
            return
        }
        let plan = RequestPlan(configuration: setup.configuration, providers: setup.refresher.providers)
        print(Secrets.redact(plan.text()), terminator: "")
        print(
            await MeteoAlarmRegionsReport.text(
                configuration: setup.configuration, transport: setup.refresher.transport, log: setup.log),
            terminator: "")
        // Invalid: 78 (from loadOrExit, with the reason). Valid but over a budget: a warning on
        // stderr and 0, since the bridge runs with it.
        if let warning = plan.overBudgetWarning { printError(warning) }
        if plan.exitCode != WireContract.ExitCode.success { throw ArgumentParser.ExitCode(plan.exitCode) }
    }
}
