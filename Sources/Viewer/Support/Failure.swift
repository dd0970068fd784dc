import Rendering
import WireContract

/// Why a command ends without success: the exit code of SPEC §7 and a message for stderr.
public struct Failure: Error, Sendable {
    public var code: Int32
    public var message: String

    public init(_ code: Int32, _ message: String) {
        self.code = code
        self.message = message
    }

    static let stale = WireContract.ExitCode.stale
    static let usageCode = WireContract.ExitCode.usage
    static let dataCode = WireContract.ExitCode.dataError
    static let noInputCode = WireContract.ExitCode.noInput
    static let unavailableCode = WireContract.ExitCode.unavailable

    static func usage(_ message: String) -> Failure { Failure(usageCode, message) }
    static func payload(_ error: PayloadError) -> Failure { Failure(dataCode, error.description) }
    static func noData(_ message: String) -> Failure { Failure(noInputCode, message) }
    static func unavailable(_ message: String) -> Failure { Failure(unavailableCode, message) }
}
