import ArgumentParser
import Bridge
import WireContract

struct Check: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Validate the configuration and print the plan: locations, providers, requests per day, MeteoAlarm regions.")

    @OptionGroup var options: ConfigOption

    func run() async throws {
        let setup = try BridgeSetup.loadOrExit(configPath: options.config)
        let plan = RequestPlan(configuration: setup.configuration, providers: setup.refresher.providers)
        print(plan.text(), terminator: "")
        print(
            await MeteoAlarmRegionsReport.text(
                configuration: setup.configuration, transport: setup.refresher.transport, log: setup.log),
            terminator: "")
        if plan.overBudget { throw ArgumentParser.ExitCode(WireContract.ExitCode.configuration) }
    }
}
