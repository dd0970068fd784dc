/// The exit codes of SPEC §7, shared by both executables (sysexits.h where one fits).
public enum ExitCode {
    public static let success: Int32 = 0
    /// Data shown, but stale (SPEC §3's rule).
    public static let stale: Int32 = 4
    /// `EX_USAGE`: the command line is wrong.
    public static let usage: Int32 = 64
    /// `EX_DATAERR`: a payload or provider answer that does not parse (`panel show`: a picture
    /// that cannot be read or does not fit the panel).
    public static let dataError: Int32 = 65
    /// `EX_NOINPUT`: no data for that location within the timeout (`panel show`: no such file).
    public static let noInput: Int32 = 66
    /// `EX_UNAVAILABLE`: the broker, a provider or the e-paper panel cannot be reached (no SPI
    /// device or GPIO line, no permission, BUSY past the panel's timeout), or a library a
    /// command needs (the font stack, for `render`) cannot be loaded.
    public static let unavailable: Int32 = 69
    /// `EX_CANTCREAT`: `render` cannot write its output file (or stdout).
    public static let cannotCreate: Int32 = 73
    /// `EX_CONFIG`: the configuration is wrong.
    public static let configuration: Int32 = 78
}
