/// `log_level`: the least severe message logged, from `trace` (everything) to `error`.
public enum LogLevel: String, Sendable, CaseIterable, Comparable {
    case trace, debug, info, notice, warning, error

    private var severity: Int { LogLevel.allCases.firstIndex(of: self) ?? 0 }

    public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool { lhs.severity < rhs.severity }
}
