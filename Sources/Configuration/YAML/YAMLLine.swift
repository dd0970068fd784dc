/// One physical line of a YAML text, as Unicode scalars without its line break.
struct YAMLLine: Sendable {
    /// 1-based.
    var number: Int
    var scalars: [Unicode.Scalar]
    /// Leading spaces. For the first line of a compact item (`- key: value`) the parser raises it
    /// to the column of the item's content, so that the keys below line up with it.
    var indent: Int
    /// Neither blank nor a comment alone.
    var hasContent: Bool

    /// Splits `text` into lines, rejecting what a configuration file never contains: control
    /// characters, a carriage return inside a line, tabs used as indentation.
    static func split(_ text: String) throws(YAMLError) -> [YAMLLine] {
        var lines: [YAMLLine] = []
        var current: [Unicode.Scalar] = []
        var isFirst = true
        for scalar in text.unicodeScalars {
            if scalar == "\n" {
                lines.append(try YAMLLine(number: lines.count + 1, scalars: current))
                current.removeAll(keepingCapacity: true)
                continue
            }
            // A byte order mark is tolerated at the very start.
            if isFirst, scalar == "\u{FEFF}" {
                isFirst = false
                continue
            }
            isFirst = false
            guard isPrintable(scalar) else {
                let code = String(scalar.value, radix: 16, uppercase: true)
                throw YAMLError(
                    message: "control character U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code) "
                        + "is not allowed (is this a text file?)",
                    line: lines.count + 1, column: current.count + 1)
            }
            current.append(scalar)
        }
        lines.append(try YAMLLine(number: lines.count + 1, scalars: current))
        return lines
    }

    private init(number: Int, scalars: [Unicode.Scalar]) throws(YAMLError) {
        var scalars = scalars
        if scalars.last == "\r" { scalars.removeLast() }
        if let index = scalars.firstIndex(of: "\r") {
            throw YAMLError(message: "carriage return inside a line", line: number, column: index + 1)
        }
        var indent = 0
        while indent < scalars.count, scalars[indent] == " " { indent += 1 }
        var first = indent
        while first < scalars.count, YAMLLine.isBlank(scalars[first]) { first += 1 }
        let hasContent = first < scalars.count && scalars[first] != "#"
        if hasContent, first > indent {
            throw YAMLError(
                message: "tab used for indentation (YAML indents with spaces only)", line: number,
                column: indent + 1)
        }
        self.number = number
        self.scalars = scalars
        self.indent = indent
        self.hasContent = hasContent
    }

    static func isBlank(_ scalar: Unicode.Scalar) -> Bool { scalar == " " || scalar == "\t" }

    /// YAML's printable set (tab and carriage return are handled by the caller).
    static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0D, 0x20...0x7E, 0x85, 0xA0...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }
}
