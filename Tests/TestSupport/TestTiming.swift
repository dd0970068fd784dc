import Foundation

/// How much longer than on the host the tests give things to happen. Under qemu-user
/// (`W2M_UNDER_EMULATION` set, as `.ci/arm64.sh` runs the suite) every instruction costs ten to
/// thirty times as much, so the helpers that wait *until* something happened (a broker's answer,
/// a reconnect, a request reaching the server) wait four times as long; what a test asserts
/// about the order and content of what happened is unchanged, and on the host nothing changes.
public enum TestTiming {
    public static let scale: Double = ProcessInfo.processInfo.environment["W2M_UNDER_EMULATION"] == nil ? 1 : 4

    /// `seconds` stretched by `scale`.
    public static func seconds(_ seconds: Double) -> Double { seconds * scale }

    /// `duration` stretched by `scale`.
    public static func duration(_ duration: Duration) -> Duration { duration * scale }

    /// A test's time limit, `minutes` on the host, stretched by `scale` (whole minutes, as
    /// `.timeLimit` takes them): the limit is a backstop against a hang, not what is tested.
    public static func minutes(_ minutes: Int) -> Int { Int((Double(minutes) * scale).rounded(.up)) }
}
