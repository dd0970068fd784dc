internal import CFreeType
internal import CHarfBuzz

/// What ``TextEngine`` guards with its lock: the FreeType library, the open faces, the font
/// chain and the caches.
final class TextEngineState {
    private let library: FT_Library
    let directoryFiles: [FontFile]
    private var faces: [FaceKey: FontFace?] = [:]
    /// HarfBuzz faces per file, shared by every size.
    private var shapingFaces: [FontFile: OpaquePointer] = [:]
    /// Each file's bytes, mapped once (HarfBuzz's blob) and read by its HarfBuzz face and by its
    /// FreeType face of every size: a FreeType face opened per size mapped the file again each
    /// time, and every mapping counted its pages resident (7.2 MB of DejaVu Sans and Bold in a
    /// `serve` drawing two sizes of frames; BENCHMARKS.md, issue 41).
    private var blobs: [FontFile: OpaquePointer] = [:]
    private var families: [FamilyKey: FontFile?] = [:]
    private var coverage: [ScalarKey: FontFile?] = [:]
    private var lines: [LineKey: TextLine] = [:]
    private var missing: [Script: String] = [:]
    private var reported: Set<Script> = []

    private struct FaceKey: Hashable {
        let file: FontFile
        let size: Int
    }

    private struct FamilyKey: Hashable {
        let family: String
        let bold: Bool
    }

    private struct ScalarKey: Hashable {
        let scalar: UInt32
        let bold: Bool
    }

    private struct LineKey: Hashable {
        let text: String
        let bold: Bool
        let size: Int
        let smooth: Bool
    }

    /// Lines kept before the cache starts over (a frame draws a few hundred).
    private static let lineCacheLimit = 4_096

    init(directory: String?) {
        var library: FT_Library?
        let status = FT_Init_FreeType(&library)
        // Only fails without memory.
        precondition(status == 0 && library != nil, "FreeType could not start (error \(status))")
        self.library = library!
        directoryFiles = directory.map(FontCatalog.files(inDirectory:)) ?? []
    }

    deinit {
        faces.removeAll()
        for face in shapingFaces.values { hb_face_destroy(face) }
        for blob in blobs.values { hb_blob_destroy(blob) }
        FT_Done_FreeType(library)
    }

    /// The face of `file` at `size`, opened once; nil when the file cannot be read.
    func face(_ file: FontFile, size: Int) -> FontFace? {
        let key = FaceKey(file: file, size: size)
        if let face = faces[key] { return face }
        // HarfBuzz answers an unreadable file with its empty blob and face, never nil.
        guard let blob = blobs[file] ?? hb_blob_create_from_file(file.path) else { return nil }
        blobs[file] = blob
        let shaping =
            shapingFaces[file]
            ?? {
                let face = hb_face_create(blob, UInt32(file.index)) ?? hb_face_get_empty()!
                shapingFaces[file] = face
                return face
            }()
        var length: UInt32 = 0
        let data = hb_blob_get_data(blob, &length)
        let face = FontFace(
            file, pixelSize: size, library: library, shaping: shaping,
            bytes: UnsafeRawBufferPointer(start: data.map(UnsafeRawPointer.init), count: Int(length)))
        faces[key] = face
        return face
    }

    /// An installed family's file, looked up in fontconfig once.
    private func family(_ name: String, bold: Bool) -> FontFile? {
        let key = FamilyKey(family: name, bold: bold)
        if let file = families[key] { return file }
        let file = FontCatalog.file(family: name, bold: bold)
        families[key] = file
        return file
    }

    /// The fonts to try for a character of `script`, in order, before asking fontconfig.
    private func chain(for script: Script, bold: Bool) -> [FontFile] {
        let sameWeight = { (file: FontFile) in file.path.lowercased().contains("bold") == bold }
        let directory = directoryFiles.filter(sameWeight) + directoryFiles.filter { !sameWeight($0) }
        var preferred: [String] = []
        switch script.code {
        case "Hebr": preferred = ["Noto Sans Hebrew"]
        case "Arab": preferred = ["Noto Sans Arabic"]
        case _ where script.isCJK: preferred = ["Noto Sans CJK JP"]
        default: break
        }
        return directory + (preferred + ["DejaVu Sans", "Noto Sans"]).compactMap { family($0, bold: bold) }
    }

    /// The first font of the chain (then fontconfig's best) that has `scalar`.
    func file(for scalar: Unicode.Scalar, script: Script, bold: Bool, size: Int) -> FontFile? {
        for file in chain(for: script, bold: bold) where face(file, size: size)?.hasGlyph(scalar) == true {
            return file
        }
        let key = ScalarKey(scalar: scalar.value, bold: bold)
        if let file = coverage[key] { return file }
        let file = FontCatalog.file(covering: scalar, bold: bold)
        coverage[key] = file
        return file
    }

    /// The metrics of the chain's first font for Latin text (or an estimate without fonts).
    func metrics(bold: Bool, size: Int) -> LineMetrics {
        let latin = Script(of: "H")
        if let file = file(for: "H", script: latin, bold: bold, size: size), let face = face(file, size: size) {
            return face.metrics
        }
        return LineMetrics(ascent: size * 93 / 100, descent: size * 24 / 100, capHeight: size * 73 / 100)
    }

    /// `text` laid out, from the cache when it was laid out before.
    func line(_ text: String, bold: Bool, size: Int, smooth: Bool) -> TextLine {
        let key = LineKey(text: text, bold: bold, size: size, smooth: smooth)
        if let line = lines[key] { return line }
        let line = layout(Array(text.unicodeScalars), bold: bold, size: size, smooth: smooth)
        if lines.count >= Self.lineCacheLimit { lines.removeAll(keepingCapacity: true) }
        lines[key] = line
        for scalar in line.missing {
            let script = Script(of: scalar)
            if !reported.contains(script), missing[script, default: ""].unicodeScalars.count < 8,
                !missing[script, default: ""].unicodeScalars.contains(scalar)
            {
                missing[script, default: ""].unicodeScalars.append(scalar)
            }
        }
        return line
    }

    /// Scripts drawn as boxes and not reported yet, ordered by their ISO code.
    func takeMissing() -> [MissingScript] {
        let found = missing.map { MissingScript(script: $0.key, characters: $0.value) }.sorted {
            $0.script.code < $1.script.code
        }
        reported.formUnion(missing.keys)
        missing.removeAll()
        return found
    }
}
