/// The exit codes of SPEC §7, shared by both executables (sysexits.h where one fits).
public enum ExitCode {
    public static let success: Int32 = 0
    /// Data shown, but stale (SPEC §3's rule).
    public static let stale: Int32 = 4
    /// `EX_USAGE`: the command line is wrong.
    public static let usage: Int32 = 64
    /// `EX_DATAERR`: a payload or provider answer that does not parse.
    public static let dataError: Int32 = 65
    /// `EX_NOINPUT`: no data for that location within the timeout.
    public static let noInput: Int32 = 66
    /// `EX_UNAVAILABLE`: the broker or a provider cannot be reached, or a library a command
    /// needs (the font stack, for `render`) cannot be loaded.
    public static let unavailable: Int32 = 69
    /// `EX_CANTCREAT`: `render` cannot write its output file (or stdout).
    public static let cannotCreate: Int32 = 73
    /// `EX_CONFIG`: the configuration is wrong.
    public static let configuration: Int32 = 78
}
