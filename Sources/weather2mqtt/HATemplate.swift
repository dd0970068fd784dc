import ArgumentParser
import Bridge
import HomeAssistant
import WireContract

/// `weather2mqtt ha-template --location ID`: prints a Home Assistant weather entity (YAML) fed
/// from the location's topics. Exit 78 for a configuration error, 64 for an unknown location.
struct HATemplate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ha-template",
        abstract: "Print a Home Assistant template weather entity (YAML) fed from a location's topics.",
        discussion: """
            Home Assistant has no MQTT weather platform. The printed YAML defines MQTT sensors on the \
            location's current, daily and hourly topics and a template weather entity built from them. \
            Save it as packages/weather2mqtt_<location>.yaml in Home Assistant's configuration folder \
            (with `homeassistant: packages: !include_dir_named packages`), or merge its `mqtt:` and \
            `template:` sections into configuration.yaml.
            """)

    @OptionGroup var options: ConfigOption

    @Option(help: "The location (its `id` in the configuration).")
    var location: String

    func run() async throws {
        let setup = try BridgeSetup.loadOrExit(configPath: options.config)
        switch TemplateWeather.yaml(locationID: location, configuration: setup.configuration) {
        case .success(let yaml):
            print(yaml, terminator: "")
        case .failure(let unknown):
            printError(unknown.description)
            throw ArgumentParser.ExitCode(WireContract.ExitCode.usage)
        }
    }
}
