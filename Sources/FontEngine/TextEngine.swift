internal import CFreeType
internal import FontLibraries
import Synchronization

/// Text for the e-ink frames: the only way `Rendering` reaches fonts.
///
/// A line is split into runs by script, direction and font, each run is shaped by HarfBuzz
/// and its glyphs rasterised by FreeType with monochrome hinting. The font for a character is
/// the first of this chain that has it:
///
/// 1. the fonts in the directory given to ``useFontDirectory(_:)`` (bold requests try files
///    named `…Bold…` first), in file-name order;
/// 2. the Noto font made for its script, when installed: Noto Sans CJK JP (Han, kana,
///    Hangul), Noto Sans Hebrew, Noto Sans Arabic;
/// 3. DejaVu Sans (Latin, Greek, Cyrillic and more), then Noto Sans;
/// 4. the font fontconfig ranks first among installed sans-serif fonts that have it.
///
/// A character none has is a box (tofu) and is remembered for ``takeMissingScripts()``.
/// Everything is cached; the same text, size and fonts always give the same pixels. Safe from
/// any thread: one lock guards FreeType, HarfBuzz and fontconfig, none of which is used from
/// two threads at once.
public final class TextEngine: Sendable {
    /// The one engine of the process.
    public static let shared = TextEngine()

    private let state = Mutex<TextEngineState?>(nil)

    /// Loads FreeType, HarfBuzz and fontconfig now (once per process; drawing needs them): `nil`
    /// when they are loaded, else why not, naming the library. The caller chooses the exit code.
    public static func loadLibraries() -> String? {
        var message = [CChar](repeating: 0, count: 512)
        guard font_libraries_load(&message, message.count) != 0 else { return nil }
        return String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// An engine of its own (tests, tools); the frames use ``shared``.
    public init(fontDirectory: String? = nil) {
        if let fontDirectory { useFontDirectory(fontDirectory) }
    }

    /// Puts the fonts in `directory` first in the chain (nil: installed fonts only). Drops
    /// every cache. Returns how many font files the directory holds.
    @discardableResult
    public func useFontDirectory(_ directory: String?) -> Int {
        state.withLock { state in
            let fresh = TextEngineState(directory: directory)
            let count = fresh.directoryFiles.count
            state = fresh
            return count
        }
    }

    /// `text` shaped and placed in DejaVu Sans (or its fallbacks) at `size` pixels per em;
    /// `smooth` glyphs have 8-bit coverage (anti-aliased) in the same places as the 1-bit ones.
    public func line(_ text: String, bold: Bool, size: Int, smooth: Bool = false) -> TextLine {
        state.withLock { state in
            let engine = state ?? TextEngineState(directory: nil)
            state = engine
            return engine.line(text, bold: bold, size: size, smooth: smooth)
        }
    }

    /// The chain's first font's metrics at `size`.
    public func metrics(bold: Bool, size: Int) -> LineMetrics {
        state.withLock { state in
            let engine = state ?? TextEngineState(directory: nil)
            state = engine
            return engine.metrics(bold: bold, size: size)
        }
    }

    /// The scripts drawn as boxes since the last call (each script once per process).
    public func takeMissingScripts() -> [MissingScript] {
        state.withLock { state in state?.takeMissing() ?? [] }
    }

    /// The font that draws `scalar` (nil: none, it is a box); for tests and diagnostics.
    public func font(for scalar: Unicode.Scalar, bold: Bool) -> FontFile? {
        state.withLock { state in
            let engine = state ?? TextEngineState(directory: nil)
            state = engine
            return engine.file(for: scalar, script: Script(of: scalar), bold: bold, size: 16)
        }
    }
}
