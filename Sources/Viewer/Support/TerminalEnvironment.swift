import WeatherModel

/// The environment variables the terminal view looks at.
enum TerminalEnvironment {
    static var current: [String: String] {
        var environment: [String: String] = [:]
        for name in ["LC_ALL", "LC_CTYPE", "LANG", "NO_COLOR", "TERM"] {
            environment[name] = ProcessEnvironment.value(name)
        }
        return environment
    }
}
