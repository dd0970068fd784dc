internal import CFontconfig
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// Finds font files: by family through fontconfig (the fonts installed on the box), by
/// coverage of one character (fontconfig's best sans-serif font that has it), or every font
/// in a directory. Not thread-safe on its own; ``TextEngine`` calls it under its lock.
enum FontCatalog {
    /// fontconfig's weights for regular and bold (FC_WEIGHT_REGULAR, FC_WEIGHT_BOLD).
    private static func weight(bold: Bool) -> Int32 { bold ? 200 : 80 }

    /// Where Debian's font packages put the families the chain names. A family found there is
    /// taken without asking fontconfig, whose start-up (reading its configuration and caches,
    /// about 5 ms) would otherwise be most of the cost of text in a one-shot `render`.
    private static let debianFiles: [String: (regular: String, bold: String)] = [
        "DejaVu Sans": (
            "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
        ),
        "Noto Sans": (
            "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf", "/usr/share/fonts/truetype/noto/NotoSans-Bold.ttf"
        ),
        "Noto Sans Hebrew": (
            "/usr/share/fonts/truetype/noto/NotoSansHebrew-Regular.ttf",
            "/usr/share/fonts/truetype/noto/NotoSansHebrew-Bold.ttf"
        ),
        "Noto Sans Arabic": (
            "/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf",
            "/usr/share/fonts/truetype/noto/NotoSansArabic-Bold.ttf"
        ),
        // Face 0 of the collection is the Japanese one (JP).
        "Noto Sans CJK JP": (
            "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
            "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc"
        ),
    ]

    /// The installed font of `family` at the weight asked for: at Debian's path when it is
    /// there, else from fontconfig; nil when neither has a font of that family (fontconfig
    /// would otherwise answer with its nearest match).
    static func file(family: String, bold: Bool) -> FontFile? {
        if let paths = debianFiles[family] {
            let path = bold ? paths.bold : paths.regular
            if access(path, R_OK) == 0 { return FontFile(path: path) }
        }
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        add(family, "family", to: pattern)
        FcPatternAddInteger(pattern, "weight", weight(bold: bold))
        guard let match = bestMatch(pattern) else { return nil }
        defer { FcPatternDestroy(match) }
        let families = (0..<8).compactMap { string(match, "family", $0) }.map { $0.lowercased() }
        guard families.contains(family.lowercased()) else { return nil }
        return fontFile(match)
    }

    /// The installed scalable, non-colour font fontconfig ranks first for sans-serif text
    /// that has `scalar`, or nil when none has it.
    static func file(covering scalar: Unicode.Scalar, bold: Bool) -> FontFile? {
        guard let pattern = FcPatternCreate(), let charset = FcCharSetCreate() else { return nil }
        defer {
            FcPatternDestroy(pattern)
            FcCharSetDestroy(charset)
        }
        add("sans-serif", "family", to: pattern)
        FcPatternAddInteger(pattern, "weight", weight(bold: bold))
        FcCharSetAddChar(charset, scalar.value)
        FcPatternAddCharSet(pattern, "charset", charset)
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let set = FcFontSort(nil, pattern, 1, nil, &result) else { return nil }
        defer { FcFontSetDestroy(set) }
        for index in 0..<Int(set.pointee.nfont) {
            guard let font = set.pointee.fonts[index] else { continue }
            var fontCharset: OpaquePointer?
            guard FcPatternGetCharSet(font, "charset", 0, &fontCharset) == FcResultMatch,
                FcCharSetHasChar(fontCharset, scalar.value) != 0,
                bool(font, "scalable") != false, bool(font, "color") != true,
                let file = fontFile(font)
            else { continue }
            return file
        }
        return nil
    }

    /// Every TrueType or OpenType font file directly in `directory`, sorted by name (so the
    /// chain, and the frames, do not depend on the order the file system lists them in).
    static func files(inDirectory directory: String) -> [FontFile] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        let fonts = names.filter { name in
            ["ttf", "otf", "ttc", "otc"].contains(name.split(separator: ".").last.map { $0.lowercased() } ?? "")
        }
        return fonts.sorted().map { FontFile(path: directory + "/" + $0) }
    }

    private static func bestMatch(_ pattern: OpaquePointer) -> OpaquePointer? {
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        return FcFontMatch(nil, pattern, &result)
    }

    private static func fontFile(_ pattern: OpaquePointer) -> FontFile? {
        guard let path = string(pattern, "file", 0) else { return nil }
        var index: Int32 = 0
        _ = FcPatternGetInteger(pattern, "index", 0, &index)
        return FontFile(path: path, index: Int(index))
    }

    private static func add(_ value: String, _ object: String, to pattern: OpaquePointer) {
        value.withCString { text in
            text.withMemoryRebound(to: FcChar8.self, capacity: value.utf8.count + 1) {
                _ = FcPatternAddString(pattern, object, $0)
            }
        }
    }

    private static func string(_ pattern: OpaquePointer, _ object: String, _ index: Int32) -> String? {
        var value: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, object, index, &value) == FcResultMatch, let value else { return nil }
        return String(cString: value)
    }

    private static func bool(_ pattern: OpaquePointer, _ object: String) -> Bool? {
        var value: FcBool = 0
        guard FcPatternGetBool(pattern, object, 0, &value) == FcResultMatch else { return nil }
        return value != 0
    }
}
