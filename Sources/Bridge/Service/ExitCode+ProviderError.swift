import Providers
import WireContract

extension ExitCode {
    /// 65 for an answer that does not parse, 69 for everything that kept us from one.
    public static func forProviderError(_ error: ProviderError) -> Int32 {
        switch error {
        case .invalidResponse: dataError
        default: unavailable
        }
    }
}
