import ArgumentParser
import Bridge

struct Check: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Validate the configuration and print the plan: locations, providers, requests per day.")

    @OptionGroup var options: ConfigOption

    func run() async throws {
        let setup = try BridgeSetup.loadOrExit(configPath: options.config)
        let plan = RequestPlan(configuration: setup.configuration, providers: setup.refresher.providers)
        print(plan.text(), terminator: "")
        // Invalid: 78 (from loadOrExit, with the reason). Valid but over a budget: a warning on
        // stderr and 0, since the bridge runs with it.
        if let warning = plan.overBudgetWarning { printError(warning) }
        if plan.exitCode != Bridge.ExitCode.success { throw ExitCode(plan.exitCode) }
    }
}
