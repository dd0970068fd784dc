import WeatherModel
import YAML

/// Reads and validates the configuration file (SPEC §2): here the sections `weatherview` reads
/// too (`mqtt:`, `displays:`, `homeassistant:`, `onecall:`), each alone; the whole file, for the
/// bridge, is `Configuration`'s `load(path:environment:)`.
///
/// Every failure is a `ConfigurationError` naming the file, the line and what would be valid;
/// the executables print it and exit with 78.
public enum ConfigurationLoader {
    /// Configuration files are small (1,000 locations take about 150 KiB); this bounds what a
    /// mistaken path (`/dev/zero`, a 100 MB log) can cost.
    package static let fileLimit = 4 * 1024 * 1024

    /// Only the `mqtt:` section, for `weatherview --config`: the rest of the file must be YAML
    /// this loader reads, but is not validated, so variables only the bridge has may be unset.
    public static func loadMQTT(path: String, environment: [String: String]? = nil) throws(ConfigurationError)
        -> MQTTSettings
    {
        try loadSection("mqtt", path: path, environment: environment) { decoder, node throws(ConfigurationError) in
            try decoder.mqtt(node)
        }
    }

    /// Only the `displays:` section, for `weatherview serve --config`, read as ``loadMQTT`` reads
    /// `mqtt:` (the rest of the file is not validated).
    public static func loadDisplays(path: String, environment: [String: String]? = nil) throws(ConfigurationError)
        -> DisplaysSettings
    {
        try loadSection("displays", path: path, environment: environment) { decoder, node throws(ConfigurationError) in
            try decoder.displays(node)
        }
    }

    /// Only the `onecall:` section, for `weatherview serve --config` (its OpenWeatherMap-shaped
    /// answers), read as ``loadMQTT`` reads `mqtt:`.
    public static func loadOneCall(path: String, environment: [String: String]? = nil) throws(ConfigurationError)
        -> OneCallSettings
    {
        try loadSection("onecall", path: path, environment: environment) { decoder, node throws(ConfigurationError) in
            try decoder.oneCall(node)
        }
    }

    /// Only the `homeassistant:` section, for `weatherview serve --config` (its displays' discovery),
    /// read as ``loadMQTT`` reads `mqtt:`.
    public static func loadHomeAssistant(path: String, environment: [String: String]? = nil)
        throws(ConfigurationError) -> HomeAssistantSettings
    {
        try loadSection("homeassistant", path: path, environment: environment) {
            decoder, node throws(ConfigurationError) in try decoder.homeAssistant(node)
        }
    }

    /// One section of the file at `path`, decoded by `decode` (`nil`: the file is empty or has no
    /// such section); the rest of the file is not validated.
    private static func loadSection<Settings>(
        _ name: String, path: String, environment: [String: String]?,
        _ decode: (ConfigDecoder, YAMLNode?) throws(ConfigurationError) -> Settings
    ) throws(ConfigurationError) -> Settings {
        let root = try yaml(try readText(path), path: path)
        let decoder = ConfigDecoder(file: path, environment: lookup(environment), files: .local)
        if root.isNull { return try decode(decoder, nil) }
        guard root.entries != nil else {
            throw ConfigurationError(
                file: path, line: root.line, message: "the file must be a mapping of sections (mqtt, locations, …)")
        }
        return try decode(decoder, root[name])
    }

    /// The document in `text`, read by libyaml (anchors, aliases and merge keys resolved).
    package static func yaml(_ text: String, path: String) throws(ConfigurationError) -> YAMLNode {
        do {
            return try YAMLReader.parse(text)
        } catch {
            var message = error.message
            let line = text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(error.line - 1).first
            if message.contains("never closed"), line?.contains("${") == true {
                message += "; inside [ ] or { }, write ${NAME} in quotes, or the value in block style (key: ${NAME})"
            }
            throw ConfigurationError(file: path, line: error.line, column: error.column, message: message)
        }
    }

    package static func readText(_ path: String) throws(ConfigurationError) -> String {
        let bytes: [UInt8]
        switch LocalFiles.read(path, limit: fileLimit) {
        case .success(let read): bytes = read
        case .failure(let failure):
            throw ConfigurationError(file: path, line: nil, message: "cannot read the configuration: \(failure.reason)")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ConfigurationError(
                file: path, line: firstInvalidLine(bytes), message: "not UTF-8 text (is this the configuration file?)")
        }
        return text
    }

    /// The line holding the first byte that is not UTF-8.
    private static func firstInvalidLine(_ bytes: [UInt8]) -> Int {
        var line = 1
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): if encoded.count == 1, encoded.first == 0x0A { line += 1 }
            case .error: return line
            case .emptyInput: return line
            }
        }
    }

    package static func lookup(_ environment: [String: String]?) -> (String) -> String? {
        if let environment { return { environment[$0] } }
        return { ProcessEnvironment.value($0) }
    }
}
