import Configuration

/// Shorthands for feeding YAML text to the loader.
enum ConfigTesting {
    /// The smallest valid file.
    static let minimal = """
        locations:
          - id: home
            latitude: 52.52
            longitude: 13.405
        """

    static func parse(
        _ yaml: String, environment: [String: String] = [:], files: [String: String] = [:]
    ) throws(ConfigurationError) -> BridgeConfiguration {
        try ConfigurationLoader.parse(yaml, path: "config.yaml", environment: environment, readFile: { files[$0] })
    }

    /// The error `yaml` is rejected with, or `nil` if it loads.
    static func error(
        _ yaml: String, environment: [String: String] = [:], files: [String: String] = [:]
    ) -> ConfigurationError? {
        do {
            _ = try parse(yaml, environment: environment, files: files)
            return nil
        } catch {
            return error
        }
    }

    /// `minimal` with `section` in front of it (so the location starts on the line after it).
    static func withMinimal(_ section: String) -> String {
        section + "\n" + minimal
    }
}

extension ConfigTesting {
    /// The error `ConfigurationLoader.load` fails with, or `nil`.
    static func loadError(_ path: String, environment: [String: String] = [:]) -> ConfigurationError? {
        do {
            _ = try ConfigurationLoader.load(path: path, environment: environment)
            return nil
        } catch {
            return error
        }
    }

    /// The error `ConfigurationLoader.loadMQTT` fails with, or `nil`.
    static func loadMQTTError(_ path: String, environment: [String: String] = [:]) -> ConfigurationError? {
        do {
            _ = try ConfigurationLoader.loadMQTT(path: path, environment: environment)
            return nil
        } catch {
            return error
        }
    }
}
