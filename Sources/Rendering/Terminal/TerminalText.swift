/// Measuring, cleaning and fitting text for a character-cell terminal.
public enum TerminalText {
    /// Cells `text` takes in a typical terminal, one grapheme cluster (`Character`) at a
    /// time: wide East Asian characters and emoji take two, combining marks and invisible
    /// formatting none, everything else one. A cluster is never split, so a ZWJ family, a
    /// flag or a Hangul syllable made of jamo counts once.
    public static func width(_ text: String) -> Int {
        var total = 0
        for character in text { total += width(character) }
        return total
    }

    /// Cells of one grapheme cluster: two when it asks for emoji presentation (U+FE0F) or is
    /// a flag (regional indicators), else the width of its first scalar that takes a cell
    /// (`CellWidthTable`), so marks, ZWJ and the rest of a sequence add nothing.
    public static func width(_ character: Character) -> Int {
        var base: Int?
        for scalar in character.unicodeScalars {
            let value = scalar.value
            if value == 0xFE0F { return 2 }
            if (0x1F1E6...0x1F1FF).contains(value) { return 2 }
            if base == nil {
                let cells = width(scalar: value)
                if cells > 0 { base = cells }
            }
        }
        return base ?? 0
    }

    /// Cells of one scalar on its own: 0 for control characters and those in
    /// `CellWidthTable.zero`, 2 for those in `CellWidthTable.wide`, else 1.
    static func width(scalar value: UInt32) -> Int {
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
        if value < 0x300 { return 1 }
        if contains(CellWidthTable.zero, value) { return 0 }
        return contains(CellWidthTable.wide, value) ? 2 : 1
    }

    /// Whether a sorted list of disjoint ranges holds `value` (binary search).
    static func contains(_ ranges: [ClosedRange<UInt32>], _ value: UInt32) -> Bool {
        var low = 0
        var high = ranges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = ranges[middle]
            if value < range.lowerBound {
                high = middle - 1
            } else if value > range.upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
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
