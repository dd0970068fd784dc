import WeatherModel
import YAML

/// Reads the YAML tree into validated settings: one per load, collecting warnings.
///
/// Every failure is a `ConfigurationError` naming the file, the line of the offending node, the
/// key (as a dotted path such as `mqtt.qos` or `locations[0].latitude`) and what would be valid.
/// The sections both executables read are decoded here; `Configuration` adds the bridge's
/// (`locations:`, `providers:`, `stations:`) and the whole document.
package final class ConfigDecoder {
    package let file: String
    package let environment: (String) -> String?
    package let files: FileAccess
    /// Relative paths in the file are taken relative to the file's folder; `nil` keeps them as
    /// written.
    package let folder: String?
    package private(set) var warnings: [String] = []
    /// The values `!secret` brought in, to be masked wherever text is shown.
    package var secretValues: [String] = []
    /// `secrets.yaml` next to the file, read on the first `!secret`.
    var secretsFile: SecretsFile?

    package init(file: String, environment: @escaping (String) -> String?, files: FileAccess) {
        self.file = file
        self.environment = environment
        self.files = files
        if let slash = file.lastIndex(of: "/") {
            let folder = String(file[..<slash])
            self.folder = folder.isEmpty ? "/" : folder
        } else {
            self.folder = nil
        }
    }

    package func fail(_ line: Int?, _ message: String) -> ConfigurationError {
        ConfigurationError(file: file, line: line, message: message)
    }

    /// An error at `node`: its line and column (for a value from an alias or a merge, where
    /// the anchored original was written).
    package func fail(_ node: YAMLNode?, _ message: String) -> ConfigurationError {
        ConfigurationError(file: file, line: node?.line, column: node?.column, message: message)
    }

    package func warn(_ message: String) {
        if !warnings.contains(message) { warnings.append(message) }
    }

    // MARK: Sections

    /// A mapping whose keys must all be in `keys`.
    package func section(_ node: YAMLNode?, path: String, keys: [String]) throws(ConfigurationError) -> ConfigSection {
        guard let node else { return ConfigSection(path: path, line: nil, entries: []) }
        if node.isNull { return ConfigSection(path: path, line: node.line, entries: []) }
        switch node.kind {
        case .mapping(let yamlEntries):
            let place = path.isEmpty ? "at the top level" : "in \(path)"
            var entries: [ConfigEntry] = []
            for entry in yamlEntries {
                guard let key = entry.key.text, entry.key.tag == nil else {
                    throw fail(
                        entry.key,
                        "keys \(place) must be plain names (\(keys.joined(separator: ", "))), not "
                            + (entry.key.tag.map { _ in "a tagged value" } ?? entry.key.kindDescription))
                }
                // Top-level `x-…` keys hold anchors for merge keys (as in Docker Compose): never read.
                if path.isEmpty, key.hasPrefix("x-") { continue }
                guard keys.contains(key) else {
                    let hint = MessageText.suggestion(for: key, among: keys).map { "did you mean '\($0)'? " } ?? ""
                    let anchors = path.isEmpty ? "; keys starting with x- are ignored, to hold anchors" : ""
                    throw fail(
                        entry.key,
                        "unknown key '\(MessageText.shown(key))' \(place) (\(hint)valid: "
                            + keys.joined(separator: ", ") + anchors + ")")
                }
                entries.append(ConfigEntry(key: key, line: entry.key.line, value: entry.value))
            }
            return ConfigSection(path: path, line: node.line, entries: entries)
        default:
            let what = path.isEmpty ? "the file" : path
            throw fail(
                node,
                "\(what) must be a mapping of keys (\(keys.joined(separator: ", "))), not \(node.kindDescription)")
        }
    }

    // MARK: Values

    /// The text of a scalar, with `${NAME}` replaced or `!secret NAME` looked up; never contains
    /// NUL. Where text is wanted (`wantsText`), a YAML 1.1 boolean written plain (`on`, `no`) is
    /// refused: YAML reads it as a flag, and the user meant the word.
    package func text(_ node: YAMLNode, _ name: String, wantsText: Bool = true) throws(ConfigurationError) -> String {
        guard case .scalar(let raw, _) = node.kind else {
            throw fail(node, "\(name) must be a single value, not \(node.kindDescription)")
        }
        let value: String
        switch node.tag {
        case nil, "!", YAMLNode.standardTagPrefix + "str":
            if wantsText, node.isPlain, ConfigDecoder.yamlBooleans.contains(raw) {
                throw fail(
                    node,
                    "\(name): YAML 1.1 reads the plain word \(raw) as a flag (true or false), not as text: write "
                        + "it in quotes (\"\(raw)\") if you mean the word")
            }
            value = try substitute(raw, line: node, name: name)
        case "!secret":
            value = try secret(named: raw, node: node, name: name)
        case YAMLNode.standardTagPrefix + "int", YAMLNode.standardTagPrefix + "float",
            YAMLNode.standardTagPrefix + "bool":
            value = try substitute(raw, line: node, name: name)
        default:
            throw fail(
                node,
                "\(name): unknown tag '\(MessageText.shown(node.shortTag ?? ""))' (valid: !secret NAME, which reads "
                    + "NAME from secrets.yaml next to the configuration, and !!str)")
        }
        if value.unicodeScalars.contains("\u{0}") {
            throw fail(node, "\(name) must not contain a NUL character")
        }
        return value
    }

    /// A text value; with `single` (the default) it must fit on one line without control
    /// characters (it ends up in a header, a topic or a C string), and it is never empty.
    package func string(_ section: ConfigSection, _ key: String, single: Bool = true) throws(ConfigurationError)
        -> String?
    {
        guard let node = section.value(key) else { return nil }
        let name = section.name(key)
        let value = try text(node, name)
        if value.isEmpty {
            throw fail(node, "\(name) must not be empty (leave the key out for the default)")
        }
        if single, value.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            throw fail(node, "\(name) must not contain control characters (line breaks, tabs, …)")
        }
        return value
    }

    package func int(_ section: ConfigSection, _ key: String, in range: ClosedRange<Int>) throws(ConfigurationError)
        -> Int?
    {
        guard let node = section.value(key) else { return nil }
        let name = section.name(key)
        let value = try number(node, name)
        guard let number = Int(value), value.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) || $0 == "-" })
        else {
            throw fail(node, "\(name) must be a whole number (got '\(MessageText.shown(value))')")
        }
        guard range.contains(number) else {
            let limits = "\(range.lowerBound)…\(range.upperBound)"
            throw fail(node, "\(name) must be \(limits) (got \(number))")
        }
        return number
    }

    package func double(_ section: ConfigSection, _ key: String, in range: ClosedRange<Double>)
        throws(ConfigurationError)
        -> Double?
    {
        guard let node = section.value(key) else { return nil }
        let name = section.name(key)
        let value = try number(node, name)
        let allowed = value.unicodeScalars.allSatisfy {
            ("0"..."9").contains($0) || "+-.eE".unicodeScalars.contains($0)
        }
        guard allowed, value.unicodeScalars.contains(where: { ("0"..."9").contains($0) }), let number = Double(value),
            number.isFinite
        else {
            throw fail(node, "\(name) must be a number such as 52.52 (got '\(MessageText.shown(value))')")
        }
        guard range.contains(number) else {
            throw fail(
                node,
                "\(name) must be between \(short(range.lowerBound)) and \(short(range.upperBound)) "
                    + "(got \(value))")
        }
        return number
    }

    package func bool(_ section: ConfigSection, _ key: String) throws(ConfigurationError) -> Bool? {
        guard let node = section.value(key) else { return nil }
        let name = section.name(key)
        let value = try text(node, name, wantsText: false)
        if !node.isQuoted {
            switch value {
            case "true", "True", "TRUE": return true
            case "false", "False", "FALSE": return false
            default: break
            }
        }
        let got = node.isQuoted ? "the quoted text \"\(MessageText.shown(value))\"" : "'\(MessageText.shown(value))'"
        let hint =
            node.isPlain && ConfigDecoder.yamlBooleans.contains(value)
            ? ": \(value) is YAML 1.1's word for \(["yes", "on"].contains(value.lowercased()) ? "true" : "false"), "
                + "write that instead" : ""
        throw fail(node, "\(name) must be true or false (got \(got))\(hint)")
    }

    /// A duration (`90s`, `15m`, `2h`, `1d`, `1h30m`, or seconds), in seconds.
    package func duration(_ section: ConfigSection, _ key: String, in range: ClosedRange<Int>)
        throws(ConfigurationError)
        -> Int?
    {
        guard let node = section.value(key) else { return nil }
        let name = section.name(key)
        let value = try text(node, name, wantsText: false)
        guard let seconds = ConfigurationLoader.parseDuration(value) else {
            throw fail(
                node, "\(name) must be a duration such as 90s, 15m, 2h or 1d (got '\(MessageText.shown(value))')")
        }
        if seconds < range.lowerBound {
            throw fail(node, "\(name) must be at least \(MessageText.duration(range.lowerBound)) (got \(value))")
        }
        if seconds > range.upperBound {
            throw fail(node, "\(name) must be at most \(MessageText.duration(range.upperBound)) (got \(value))")
        }
        return seconds
    }

    /// A `language` key: one of `Language`'s codes (`de`, also `de_DE`), else exit 78 listing them.
    package func language(_ section: ConfigSection, _ key: String) throws(ConfigurationError) -> Language? {
        guard let code = try string(section, key) else { return nil }
        guard let language = Language(code: code) else {
            throw fail(
                section.value(key)?.line,
                "\(section.name(key)): unknown language '\(MessageText.shown(code))' (supported: "
                    + Language.allCases.map { "\($0.rawValue) \($0.name)" }.joined(separator: ", ") + ")")
        }
        return language
    }

    /// A file path, relative ones taken from the configuration file's folder.
    package func path(_ section: ConfigSection, _ key: String) throws(ConfigurationError) -> String? {
        guard let value = try string(section, key) else { return nil }
        return resolve(value)
    }

    package func resolve(_ path: String) -> String {
        guard let folder, !path.hasPrefix("/") else { return path }
        return folder == "/" ? "/" + path : folder + "/" + path
    }

    /// The text of a scalar that must be written as a number: quoted text is refused.
    private func number(_ node: YAMLNode, _ name: String) throws(ConfigurationError) -> String {
        let value = try text(node, name, wantsText: false)
        if node.isQuoted {
            throw fail(
                node,
                "\(name) must be a number, not the quoted text \"\(MessageText.shown(value))\" "
                    + "(remove the quotes)")
        }
        return value
    }

    private func short(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}

/// The entries of one mapping of the file, with its place for messages.
package struct ConfigSection {
    /// Dotted path (`mqtt.tls`, `locations[0]`); empty for the top level.
    package let path: String
    package let line: Int?
    package let entries: [ConfigEntry]

    package init(path: String, line: Int?, entries: [ConfigEntry]) {
        self.path = path
        self.line = line
        self.entries = entries
    }

    package func entry(_ key: String) -> ConfigEntry? {
        entries.first(where: { $0.key == key })
    }

    /// The value under `key`, `nil` when it is missing or empty.
    package func value(_ key: String) -> YAMLNode? {
        guard let value = entry(key)?.value, !value.isNull else { return nil }
        return value
    }

    /// `mqtt.qos`.
    package func name(_ key: String) -> String {
        path.isEmpty ? key : path + "." + key
    }
}

/// One `key: value` of a section: the key as text, the line where it was written.
package struct ConfigEntry {
    package var key: String
    package var line: Int
    package var value: YAMLNode

    package init(key: String, line: Int, value: YAMLNode) {
        self.key = key
        self.line = line
        self.value = value
    }
}

extension YAMLNode {
    /// Written as text: quoted, a block scalar, or tagged `!!str` (never a number or a flag).
    package var isQuoted: Bool {
        style != .plain || tag == YAMLNode.standardTagPrefix + "str"
    }
}

extension ConfigDecoder {
    /// The plain words YAML 1.1 reads as booleans.
    package static let yamlBooleans: Set<String> = [
        "yes", "Yes", "YES", "no", "No", "NO", "on", "On", "ON", "off", "Off", "OFF",
    ]
}
