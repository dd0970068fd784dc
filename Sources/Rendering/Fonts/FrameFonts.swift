import FontEngine

/// The fonts the frames draw with, as executables configure and report them (they do not
/// import the font engine themselves).
public enum FrameFonts {
    /// Fonts in `directory` come before the installed ones (nil: installed fonts only).
    /// Returns how many TrueType/OpenType files the directory holds.
    @discardableResult
    public static func useDirectory(_ directory: String?) -> Int {
        TextEngine.shared.useFontDirectory(directory)
    }

    /// Loads the font libraries drawing needs: `nil` when loaded, else why not (naming the file).
    public static func loadLibraries() -> String? { TextEngine.loadLibraries() }

    /// One message per script drawn as boxes since the last call, each script once per
    /// process: what is missing and the Debian package that provides it.
    public static func takeMissingScriptWarnings() -> [String] {
        TextEngine.shared.takeMissingScripts().map(\.description)
    }
}
