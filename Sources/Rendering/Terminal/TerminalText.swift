/// Measuring, cleaning and fitting text for a character-cell terminal.
public enum TerminalText {
    /// Cells `text` takes in a typical terminal: wide East Asian characters and emoji take
    /// two, combining marks and invisible formatting none, everything else one.
    public static func width(_ text: String) -> Int {
        var total = 0
        for character in text { total += width(character) }
        return total
    }

    public static func width(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.value < 0x20 || (0x7F..<0xA0).contains(first.value) { return 0 }
        if scalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
        if first.properties.isEmojiPresentation { return 2 }
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        return isWide(first.value) ? 2 : 1
    }

    /// East Asian Wide and Fullwidth ranges (Unicode 15, abridged to whole blocks).
    static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    /// Text from a payload made safe for a terminal: control characters (ESC and the other
    /// C0/C1 codes, which could move the cursor or change colours) become spaces, line
    /// breaks included, and runs of spaces collapse.
    public static func clean(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var lastWasSpace = false
        for scalar in text.unicodeScalars {
            let isControl =
                scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value)
                || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
            if isControl || scalar == " " {
                if !lastWasSpace && !result.isEmpty { result.unicodeScalars.append(" ") }
                lastWasSpace = true
            } else {
                result.unicodeScalars.append(scalar)
                lastWasSpace = false
            }
        }
        while result.hasSuffix(" ") { result.removeLast() }
        return result
    }

    /// `text` cut to at most `cells` cells, ending in `ellipsis` when cut.
    public static func truncate(_ text: String, to cells: Int, ellipsis: String = "…") -> String {
        guard width(text) > cells else { return text }
        let room = cells - width(ellipsis)
        guard room > 0 else { return String(ellipsis.prefix(max(0, cells))) }
        var result = ""
        var used = 0
        for character in text {
            let cell = width(character)
            if used + cell > room { break }
            result.append(character)
            used += cell
        }
        while result.hasSuffix(" ") { result.removeLast() }
        return result + ellipsis
    }

    /// `text` followed by spaces up to `cells` cells.
    public static func padRight(_ text: String, _ cells: Int) -> String {
        let missing = cells - width(text)
        return missing > 0 ? text + String(repeating: " ", count: missing) : text
    }

    /// Spaces, then `text`, up to `cells` cells.
    public static func padLeft(_ text: String, _ cells: Int) -> String {
        let missing = cells - width(text)
        return missing > 0 ? String(repeating: " ", count: missing) + text : text
    }
}
