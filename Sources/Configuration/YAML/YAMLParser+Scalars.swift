extension YAMLParser {
    /// A plain (unquoted) scalar in block context: up to the end of the line or a comment.
    func plainBlock(_ line: Int, _ column: Int) throws(YAMLError) -> (String, end: Int) {
        let scalars = lines[line].scalars
        var index = column
        var end = column
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == ":", isSeparated(line, index + 1) {
                throw failure(
                    "':' followed by a space (or ending the line) inside a value: quote the value", line, index)
            }
            if scalar == "#", index > column, YAMLLine.isBlank(scalars[index - 1]) { break }
            if !YAMLLine.isBlank(scalar) { end = index + 1 }
            index += 1
        }
        return (YAMLParser.string(scalars[column..<end]), end)
    }

    /// Rejects what cannot start a plain scalar, naming the unsupported feature.
    func checkPlainStart(_ line: Int, _ column: Int, inFlow: Bool) throws(YAMLError) {
        guard let scalar = character(line, column) else { return }
        let separated =
            isSeparated(line, column + 1)
            || (inFlow && [",", "[", "]", "{", "}"].contains(character(line, column + 1)))
        let message: String? =
            switch scalar {
            case "&": "anchors (&name) are not supported"
            case "*": "aliases (*name) are not supported"
            case "!": "tags (!tag) are not supported"
            case "|", ">": "block scalars (| and >) are not supported: write the value on one line, quoted if needed"
            case "@", "`", "%": "a value cannot start with '\(scalar)': quote it"
            case ",", "]", "}", "[", "{": "unexpected '\(scalar)'"
            case "-" where separated: inFlow ? "unexpected '-'" : "a list item cannot start on the line of a key"
            case "?" where separated: "complex keys ('? ') are not supported"
            case ":" where separated: "unexpected ':'"
            default: nil
            }
        if let message { throw failure(message, line, column) }
    }

    /// `"…"` on one line, with YAML's escapes; returns the text and the column after the quote.
    func doubleQuoted(_ line: Int, _ column: Int) throws(YAMLError) -> (String, end: Int) {
        let scalars = lines[line].scalars
        var text = String.UnicodeScalarView()
        var index = column + 1
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\"" { return (String(text), index + 1) }
            guard scalar == "\\" else {
                text.append(scalar)
                index += 1
                continue
            }
            guard index + 1 < scalars.count else { break }
            let escape = scalars[index + 1]
            index += 2
            switch escape {
            case "0": text.append("\u{0}")
            case "a": text.append("\u{7}")
            case "b": text.append("\u{8}")
            case "t", "\t": text.append("\t")
            case "n": text.append("\n")
            case "v": text.append("\u{B}")
            case "f": text.append("\u{C}")
            case "r": text.append("\r")
            case "e": text.append("\u{1B}")
            case " ", "\"", "/", "\\": text.append(escape)
            case "N": text.append("\u{85}")
            case "_": text.append("\u{A0}")
            case "L": text.append("\u{2028}")
            case "P": text.append("\u{2029}")
            case "x", "u", "U":
                let digits = escape == "x" ? 2 : escape == "u" ? 4 : 8
                var value: UInt32 = 0
                for offset in 0..<digits {
                    guard index + offset < scalars.count, let digit = YAMLParser.hexValue(scalars[index + offset])
                    else {
                        throw failure("'\\\(escape)' needs \(digits) hexadecimal digits", line, index - 2)
                    }
                    value = value << 4 | digit
                }
                guard let decoded = Unicode.Scalar(value) else {
                    throw failure("'\\\(escape)' names no Unicode character", line, index - 2)
                }
                text.append(decoded)
                index += digits
            default:
                throw failure("unknown escape '\\\(escape)' in a double-quoted string", line, index - 2)
            }
        }
        throw failure("double-quoted string is not closed on this line", line, column)
    }

    /// `'…'` on one line, `''` standing for one quote.
    func singleQuoted(_ line: Int, _ column: Int) throws(YAMLError) -> (String, end: Int) {
        let scalars = lines[line].scalars
        var text = String.UnicodeScalarView()
        var index = column + 1
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "'" {
                if index + 1 < scalars.count, scalars[index + 1] == "'" {
                    text.append("'")
                    index += 2
                    continue
                }
                return (String(text), index + 1)
            }
            text.append(scalar)
            index += 1
        }
        throw failure("single-quoted string is not closed on this line", line, column)
    }

    private static func hexValue(_ scalar: Unicode.Scalar) -> UInt32? {
        switch scalar {
        case "0"..."9": scalar.value - 0x30
        case "a"..."f": scalar.value - 0x61 + 10
        case "A"..."F": scalar.value - 0x41 + 10
        default: nil
        }
    }
}
