import Providers

/// The exit codes of SPEC §7.
public enum ExitCode {
    public static let success: Int32 = 0
    public static let stale: Int32 = 4
    public static let usage: Int32 = 64
    public static let dataError: Int32 = 65
    public static let noInput: Int32 = 66
    public static let unavailable: Int32 = 69
    public static let configuration: Int32 = 78

    /// 65 for an answer that does not parse, 69 for everything that kept us from one.
    public static func forProviderError(_ error: ProviderError) -> Int32 {
        switch error {
        case .invalidResponse: dataError
        default: unavailable
        }
    }
}
