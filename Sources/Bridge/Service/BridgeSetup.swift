import Configuration
import FoundationEssentials
import HTTPClient
import Providers
import WeatherModel
import WireContract

/// Everything a command needs, built from the configuration file and the environment:
/// the validated configuration, the clock, the logger and the providers.
public struct BridgeSetup: Sendable {
    public let configuration: BridgeConfiguration
    public let clock: BridgeClock
    public let log: Log
    public let refresher: Refresher

    /// Why a command could not start, with the exit code of SPEC §7.
    public struct Failure: Error, CustomStringConvertible {
        public var message: String
        public var exitCode: Int32
        public var description: String { message }
    }

    /// The configuration path: `--config`, else `WEATHER2MQTT_CONFIG`, else the system file.
    public static func configPath(_ option: String?) -> String {
        option ?? ProcessEnvironment.value("WEATHER2MQTT_CONFIG") ?? "/etc/weather2mqtt/config.yaml"
    }

    public static func load(configPath option: String?) throws(Failure) -> BridgeSetup {
        let path = configPath(option)
        let configuration: BridgeConfiguration
        do {
            configuration = try ConfigurationLoader.load(path: path)
        } catch {
            throw Failure(message: "configuration error: \(error.description)", exitCode: ExitCode.configuration)
        }
        // Before anything is logged: every line, topic and error message is redacted from here on.
        Secrets.register(
            [configuration.mqtt.password] + configuration.providers.values.map(\.apiKey) + configuration.secrets)
        let log = Log(level: configuration.logLevel)
        for warning in configuration.warnings { log.warning(warning) }
        let clock: BridgeClock
        switch BridgeClock.fromEnvironment() {
        case .success(let value): clock = value
        case .failure(let error): throw Failure(message: error.message, exitCode: ExitCode.usage)
        }
        let providers: [String: any WeatherProvider]
        do {
            providers = try Refresher.makeProviders(
                configuration, pointsCache: StateFileCache(directory: configuration.stateDirectory)
            ).mapValues { RedactingProvider($0) }
        } catch {
            throw Failure(message: "configuration error: \(error.description)", exitCode: ExitCode.configuration)
        }
        let refresher = Refresher(
            configuration: configuration, providers: providers, transport: HTTPTransport(clock: clock))
        return BridgeSetup(configuration: configuration, clock: clock, log: log, refresher: refresher)
    }
}
