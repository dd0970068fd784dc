import ConfigurationCore
import YAML

extension ConfigurationLoader {
    /// Reads the file at `path`; `${NAME}` comes from `environment` (`nil`: the process's), and
    /// `*_file` secrets from the file system, relative paths from the file's folder.
    public static func load(path: String, environment: [String: String]? = nil) throws(ConfigurationError)
        -> BridgeConfiguration
    {
        let text = try readText(path)
        let decoder = ConfigDecoder(file: path, environment: lookup(environment), files: .local)
        return try decoder.configuration(try yaml(text, path: path))
    }

    /// Validates `text` as if read from `path`, without touching the file system: `readFile`
    /// answers for every `*_file` and certificate path (`nil`: cannot be read). For tests.
    public static func parse(
        _ text: String, path: String, environment: [String: String], readFile: (String) -> String?
    ) throws(ConfigurationError) -> BridgeConfiguration {
        let root = try yaml(text, path: path)
        let result = withoutActuallyEscaping(readFile) { readFile in
            Result { () throws(ConfigurationError) -> BridgeConfiguration in
                let decoder = ConfigDecoder(
                    file: path, environment: { environment[$0] }, files: .reading(readFile))
                return try decoder.configuration(root)
            }
        }
        return try result.get()
    }
}
