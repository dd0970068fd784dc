import YAML

extension ConfigDecoder {
    /// Replaces every `${NAME}` in `text` with the environment variable NAME; an unset variable,
    /// an unclosed `${` or an invalid name is an error naming the key and the line.
    package func substitute(_ text: String, line: YAMLNode, name: String) throws(ConfigurationError) -> String {
        let scalars = Array(text.unicodeScalars)
        guard scalars.contains("$") else { return text }
        var result = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            guard scalars[index] == "$", index + 1 < scalars.count, scalars[index + 1] == "{" else {
                result.append(scalars[index])
                index += 1
                continue
            }
            guard let close = scalars[(index + 2)...].firstIndex(of: "}") else {
                throw fail(line, "\(name): '${' is not closed (write ${NAME} to use the environment variable NAME)")
            }
            var variableScalars = String.UnicodeScalarView()
            variableScalars.append(contentsOf: scalars[(index + 2)..<close])
            let variable = String(variableScalars)
            guard ConfigDecoder.isVariableName(variable) else {
                throw fail(
                    line,
                    "\(name): '${\(MessageText.shown(variable))}' is not an environment variable name "
                        + "(letters, digits and '_', not starting with a digit)")
            }
            guard let value = environment(variable) else {
                throw fail(line, "environment variable \(variable) is not set (used in \(name))")
            }
            result.append(contentsOf: value.unicodeScalars)
            index = close + 1
        }
        return String(result)
    }

    private static func isVariableName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_"
        }
    }
}
