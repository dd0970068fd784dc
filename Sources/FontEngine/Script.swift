internal import CHarfBuzz

/// A Unicode script (ISO 15924), as HarfBuzz's Unicode tables assign it to a character.
public struct Script: Hashable, Sendable, CustomStringConvertible {
    let value: hb_script_t

    init(_ value: hb_script_t) { self.value = value }

    /// The script of `scalar`: `Zyyy` (common) for spaces, digits and punctuation, `Zinh`
    /// (inherited) for combining marks.
    public init(of scalar: Unicode.Scalar) {
        value = hb_unicode_script(hb_unicode_funcs_get_default(), scalar.value)
    }

    /// The ISO 15924 code, e.g. `Hebr`.
    public var code: String {
        let tag = hb_script_to_iso15924_tag(value)
        let bytes = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: tag >> $0) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Common, inherited or unknown: takes the script of the text around it.
    var isNeutral: Bool {
        value == HB_SCRIPT_COMMON || value == HB_SCRIPT_INHERITED || value == HB_SCRIPT_UNKNOWN
    }

    /// Combining marks: they follow the character before them.
    var isInherited: Bool { value == HB_SCRIPT_INHERITED }

    /// Written right to left (Hebrew, Arabic, Syriac, Thaana, N'Ko, …).
    var isRightToLeft: Bool { hb_script_get_horizontal_direction(value) == HB_DIRECTION_RTL }

    /// Han, kana, Hangul and Bopomofo: the scripts Noto Sans CJK covers.
    var isCJK: Bool { ["Hani", "Hira", "Kana", "Hang", "Bopo"].contains(code) }

    /// The English name, e.g. `Hebrew`, or the ISO code for scripts without one here.
    public var description: String { Self.names[code] ?? code }

    /// The Debian package that has fonts for this script.
    public var debianPackage: String {
        if isCJK { return "fonts-noto-cjk" }
        if isNeutral { return "fonts-noto-core or fonts-symbola" }
        return Self.coreScripts.contains(code) ? "fonts-noto-core" : "fonts-noto-extra"
    }

    private static let names: [String: String] = [
        "Latn": "Latin", "Grek": "Greek", "Cyrl": "Cyrillic", "Armn": "Armenian", "Hebr": "Hebrew",
        "Arab": "Arabic", "Syrc": "Syriac", "Thaa": "Thaana", "Deva": "Devanagari", "Beng": "Bengali",
        "Guru": "Gurmukhi", "Gujr": "Gujarati", "Orya": "Odia", "Taml": "Tamil", "Telu": "Telugu",
        "Knda": "Kannada", "Mlym": "Malayalam", "Sinh": "Sinhala", "Thai": "Thai", "Laoo": "Lao",
        "Tibt": "Tibetan", "Mymr": "Myanmar", "Geor": "Georgian", "Hang": "Hangul", "Ethi": "Ethiopic",
        "Cher": "Cherokee", "Khmr": "Khmer", "Mong": "Mongolian", "Hira": "Hiragana", "Kana": "Katakana",
        "Bopo": "Bopomofo", "Hani": "Han", "Tfng": "Tifinagh", "Nkoo": "N'Ko", "Zyyy": "symbols",
        "Zinh": "combining marks", "Zzzz": "unassigned characters",
    ]

    /// Scripts Debian's fonts-noto-core has fonts for (the living scripts with many readers).
    private static let coreScripts: Set<String> = [
        "Latn", "Grek", "Cyrl", "Armn", "Hebr", "Arab", "Syrc", "Thaa", "Deva", "Beng", "Guru", "Gujr",
        "Orya", "Taml", "Telu", "Knda", "Mlym", "Sinh", "Thai", "Laoo", "Tibt", "Mymr", "Geor", "Ethi",
        "Cher", "Khmr", "Mong", "Tfng", "Nkoo",
    ]
}
