import YAML

/// `secrets.yaml` as Home Assistant users know it: names and values, in the configuration file's
/// folder (and only there).
package struct SecretsFile {
    package let path: String
    package let values: [String: String]
}

extension ConfigDecoder {
    /// The value of `!secret NAME` (`secretName`), from `secrets.yaml` next to the file; a
    /// missing file or name is an error naming both files.
    package func secret(named secretName: String, node: YAMLNode, name: String) throws(ConfigurationError) -> String {
        guard !secretName.isEmpty else {
            throw fail(node, "\(name): !secret needs a name from secrets.yaml, such as !secret mqtt_password")
        }
        let secrets = try secretsFile(for: node, name: name, secretName: secretName)
        guard let value = secrets.values[secretName] else {
            let hint =
                MessageText.suggestion(for: secretName, among: Array(secrets.values.keys))
                .map { " (did you mean '\($0)'?)" } ?? ""
            throw fail(
                node,
                "\(name): the secret '\(MessageText.shown(secretName))' is not in \(secrets.path)\(hint): add a line "
                    + "'\(MessageText.shown(secretName)): …' there (the secrets file next to \(file))")
        }
        if !secretValues.contains(value) { secretValues.append(value) }
        return value
    }

    private func secretsFile(for node: YAMLNode, name: String, secretName: String) throws(ConfigurationError)
        -> SecretsFile
    {
        if let secretsFile { return secretsFile }
        let path = resolve("secrets.yaml")
        let text: String
        switch files.read(path) {
        case .success(let contents): text = contents
        case .failure(let failure):
            throw fail(
                node,
                "\(name): !secret \(MessageText.shown(secretName)) is read from \(path) (next to \(file)), "
                    + "which cannot be read: \(failure.reason)")
        }
        let root: YAMLNode
        do {
            root = try YAMLReader.parse(text)
        } catch {
            throw ConfigurationError(file: path, line: error.line, column: error.column, message: error.message)
        }
        var values: [String: String] = [:]
        if !root.isNull {
            guard let entries = root.entries else {
                throw ConfigurationError(
                    file: path, line: root.line, column: root.column,
                    message: "the secrets file must be a mapping of names to values (mqtt_password: …)")
            }
            for entry in entries {
                guard let key = entry.key.text, let value = entry.value.text, !entry.value.isNull else {
                    throw ConfigurationError(
                        file: path, line: entry.key.line, column: entry.key.column,
                        message: "each secret is a name and a single value (name: value), not "
                            + (entry.key.text == nil ? entry.key.kindDescription : entry.value.kindDescription))
                }
                values[key] = value
            }
        }
        if files.isReadableByOthers(path) {
            warn("secrets file \(path) is readable by other users (chmod 600)")
        }
        let loaded = SecretsFile(path: path, values: values)
        secretsFile = loaded
        return loaded
    }
}
