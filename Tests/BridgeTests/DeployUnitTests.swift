import Foundation
import TestSupport
import Testing

/// The systemd units and the packaged configuration in `deploy/`: what the issue asks of them,
/// what `systemd-analyze verify` says, and that their command lines are ones the executables accept.
@Suite("Deploy: systemd units and the packaged configuration", .serialized)
struct DeployUnitTests {
    static let bridgeUnit = TestPaths.repository + "/deploy/systemd/weather2mqtt.service"
    static let einkUnit = TestPaths.repository + "/deploy/systemd/weatherview-eink.service"

    /// `Key=value` settings of a unit file (comments dropped, continuation lines joined), in order.
    static func settings(_ path: String) throws -> [(key: String, value: String)] {
        let text = try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(of: "\\\n", with: " ")
        return text.split(separator: "\n").compactMap { line in
            let line = line.trimmingCharacters(in: .whitespaces)
            guard !line.hasPrefix("#"), !line.hasPrefix("["), let equals = line.firstIndex(of: "=") else { return nil }
            return (String(line[..<equals]), String(line[line.index(after: equals)...]))
        }
    }

    static func values(_ settings: [(key: String, value: String)], _ key: String) -> [String] {
        settings.filter { $0.key == key }.map(\.value)
    }

    @Test("weather2mqtt.service has what the issue asks: notify, watchdog, DynamicUser, directories, hardening")
    func bridgeUnitDirectives() throws {
        let unit = try Self.settings(Self.bridgeUnit)
        for (key, value) in [
            ("Type", "notify"), ("Restart", "on-failure"), ("DynamicUser", "yes"), ("StateDirectory", "weather2mqtt"),
            ("ConfigurationDirectory", "weather2mqtt"), ("NoNewPrivileges", "yes"), ("ProtectSystem", "strict"),
            ("ProtectHome", "yes"), ("PrivateTmp", "yes"), ("PrivateDevices", "yes"),
            ("RestrictAddressFamilies", "AF_INET AF_INET6 AF_UNIX"), ("CapabilityBoundingSet", ""),
            ("SystemCallFilter", "@system-service"), ("NotifyAccess", "main"),
        ] {
            #expect(Self.values(unit, key).contains(value), "\(key)=\(value) missing")
        }
        #expect(Self.values(unit, "WatchdogSec").first.map { !$0.isEmpty && $0 != "0" } == true)
        #expect(Self.values(unit, "MemoryMax").first?.isEmpty == false)
        #expect(Self.values(unit, "ExecStart").first?.hasPrefix("/usr/bin/weather2mqtt run ") == true)
        // Secrets go in as credentials (shown commented, for `systemctl edit`).
        let text = try String(contentsOfFile: Self.bridgeUnit, encoding: .utf8)
        #expect(text.contains("LoadCredential="))
    }

    @Test(
        "a unit that filters @resources answers EPERM instead of killing (dispatch calls setpriority)",
        arguments: [bridgeUnit, einkUnit])
    func filteredCallsFailSoftly(path: String) throws {
        let unit = try Self.settings(path)
        let filters = Self.values(unit, "SystemCallFilter").joined(separator: " ")
        if filters.contains("~") && filters.contains("@resources") {
            #expect(Self.values(unit, "SystemCallErrorNumber") == ["EPERM"], "\(path)")
        }
    }

    @Test("weatherview-eink.service renders with --watch to the panel (and its runtime folder), with the panel groups")
    func einkUnitDirectives() throws {
        let unit = try Self.settings(Self.einkUnit)
        let exec = try #require(Self.values(unit, "ExecStart").first)
        #expect(exec.hasPrefix("/usr/bin/weatherview render "))
        for argument in ["--watch", "--panel-device", "--out /run/weatherview/", "--panel"] {
            #expect(exec.contains(argument), "ExecStart lacks \(argument)")
        }
        #expect(Self.values(unit, "RuntimeDirectory") == ["weatherview"])
        let groups = Self.values(unit, "SupplementaryGroups").joined(separator: " ").split(separator: " ")
        #expect(groups.contains("spi") && groups.contains("gpio"))
        #expect(Self.values(unit, "DynamicUser") == ["yes"])
        #expect(Self.values(unit, "NoNewPrivileges") == ["yes"])
        #expect(Self.values(unit, "ProtectSystem") == ["strict"])
        // The real device nodes: no PrivateDevices=, and SPI and GPIO allowed.
        #expect(Self.values(unit, "PrivateDevices").isEmpty)
        #expect(Self.values(unit, "DeviceAllow") == ["char-spi rw", "char-gpiochip rw"])
    }

    @Test("the e-ink unit's command line is one weatherview accepts (no data yet: 66, not a usage error)")
    func einkCommandLine() throws {
        let unit = try Self.settings(Self.einkUnit)
        var environment: [String: String] = [:]
        for assignment in Self.values(unit, "Environment") {
            let text = assignment.hasPrefix("\"") ? String(assignment.dropFirst().dropLast()) : assignment
            guard let equals = text.firstIndex(of: "=") else { continue }
            environment[String(text[..<equals])] = String(text[text.index(after: equals)...])
        }
        // systemd's ${NAME}: the whole value as one argument; $NAME: split at spaces (none when empty).
        var arguments: [String] = []
        for word in try #require(Self.values(unit, "ExecStart").first).split(separator: " ").dropFirst() {
            if word.hasPrefix("${"), word.hasSuffix("}") {
                arguments.append(try #require(environment[String(word.dropFirst(2).dropLast())], "\(word)"))
            } else if word.hasPrefix("$") {
                let value = try #require(environment[String(word.dropFirst())], "\(word)")
                arguments += value.split(separator: " ").map(String.init)
            } else {
                arguments.append(String(word))
            }
        }
        #expect(arguments.first == "render")
        // Once, into a temporary file, against an empty broker.
        let broker = try TestBroker.start()
        let folder = TemporaryFolder()
        var once = arguments.filter { $0 != "--watch" }
        if let out = once.firstIndex(of: "--out") { once[out + 1] = folder.path + "/frame.png" }
        let weatherview = (BridgeProcess.executable as NSString).deletingLastPathComponent + "/weatherview"
        let (status, said) = try Self.run(weatherview, once + ["--broker", broker.url, "--timeout", "1"])
        #expect(status == 66, "weatherview \(once): \(status) \(said)")
    }

    @Test("systemd-analyze verify is clean for both units", arguments: [bridgeUnit, einkUnit])
    func verify(path: String) throws {
        guard
            let analyze = ["/usr/bin/systemd-analyze", "/bin/systemd-analyze"].first(where: {
                FileManager.default.isExecutableFile(atPath: $0)
            })
        else { return }  // systemd is not installed here; .ci/deb.sh verifies the installed units when it is
        // The unit as installed, but running the executables just built.
        let folder = TemporaryFolder()
        let built = (BridgeProcess.executable as NSString).deletingLastPathComponent
        let text = try String(contentsOfFile: path, encoding: .utf8)
            .replacingOccurrences(of: "/usr/bin/", with: built + "/")
        let copy = folder.write((path as NSString).lastPathComponent, text)
        let (status, said) = try Self.run(analyze, ["verify", "--man=no", copy])
        #expect(status == 0 && said.isEmpty, "systemd-analyze verify: \(said)")
    }

    /// Runs `executable` to completion; its exit status and what it wrote (stdout and stderr).
    static func run(_ executable: String, _ arguments: [String]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, said)
    }

    @Test("the package's /etc/weather2mqtt/config.yaml passes check")
    func packagedConfiguration() throws {
        let result = try BridgeProcess.run(["check", "--config", TestPaths.repository + "/deploy/debian/config.yaml"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.contains("requests per day"))
    }
}
