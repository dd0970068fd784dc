import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Throwaway certificates for the hardening tests, made once per test run with the openssl
/// command: a CA, an unrelated second CA, a server certificate from the CA for 127.0.0.1 and
/// localhost (`good`), and one from the CA for another name only (`wrongname`).
///
/// (A copy lives in WeatherviewTests; both belong in TestSupport once it can take them.)
struct HardeningPKI: Sendable {
    let directory: String
    var caFile: String { directory + "/ca.crt" }
    var otherCAFile: String { directory + "/other-ca.crt" }
    func certFile(_ name: String) -> String { directory + "/\(name).crt" }
    func keyFile(_ name: String) -> String { directory + "/\(name).key" }

    static let shared: Result<HardeningPKI, any Error> = Result { try HardeningPKI.make() }

    static var available: Bool { findExecutable("openssl") != nil && findExecutable("mosquitto_passwd") != nil }

    private static func make() throws -> HardeningPKI {
        let directory = NSTemporaryDirectory() + "hardening-pki-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        for ca in ["ca", "other-ca"] {
            try run(
                "openssl",
                ["req", "-x509"] + ec + [
                    "-keyout", "\(ca).key", "-out", "\(ca).crt", "-days", "2", "-subj", "/CN=\(ca)",
                ],
                in: directory)
        }
        for (name, san) in [("good", "IP:127.0.0.1,DNS:localhost"), ("wrongname", "DNS:wrong.example")] {
            try run(
                "openssl", ["req"] + ec + ["-keyout", "\(name).key", "-out", "\(name).csr", "-subj", "/CN=\(name)"],
                in: directory)
            try "subjectAltName=\(san)\n".write(toFile: "\(directory)/\(name).ext", atomically: true, encoding: .utf8)
            try run(
                "openssl",
                [
                    "x509", "-req", "-in", "\(name).csr", "-CA", "ca.crt", "-CAkey", "ca.key", "-CAcreateserial",
                    "-out", "\(name).crt", "-days", "2", "-extfile", "\(name).ext",
                ], in: directory)
        }
        return HardeningPKI(directory: directory)
    }

    static func run(_ tool: String, _ arguments: [String], in directory: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(findExecutable(tool), "\(tool) not found"))
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "\(tool) \(arguments.joined(separator: " "))")
    }
}

/// A `TestBroker` whose plain listener (anonymous allowed, for `retained` and `publish`) is
/// joined by a TLS listener on a second free port, with a mosquitto password file.
struct SecureBroker {
    let broker: TestBroker
    let tlsPort: Int
    let folder: TemporaryFolder

    /// Starts mosquitto with `certificate` (`good` or `wrongname`) on the TLS listener and
    /// `users` (name → password) in its password file; `extra` is appended (an `acl_file`, …).
    static func start(
        certificate: String = "good", users: [String: String] = ["bridge": "bridge-password"], extra: String = ""
    ) throws -> SecureBroker {
        let pki = try HardeningPKI.shared.get()
        let folder = TemporaryFolder()
        let passwords = folder.path + "/passwd"
        for (index, (user, password)) in users.sorted(by: { $0.key < $1.key }).enumerated() {
            try HardeningPKI.run(
                "mosquitto_passwd", (index == 0 ? ["-c"] : []) + ["-b", passwords, user, password], in: folder.path)
        }
        let tlsPort = freeLoopbackPort()
        let broker = try TestBroker.start(
            extraConfig: """
                password_file \(passwords)
                \(extra)
                listener \(tlsPort) 127.0.0.1
                certfile \(pki.certFile(certificate))
                keyfile \(pki.keyFile(certificate))
                """)
        try #require(waitForPort(tlsPort), "the TLS listener on \(tlsPort) did not open: \(broker.log)")
        return SecureBroker(broker: broker, tlsPort: tlsPort, folder: folder)
    }

    /// `mqtts://<host>:<TLS port>`.
    func tlsURL(host: String = "127.0.0.1") -> String { "mqtts://\(host):\(tlsPort)" }
}

/// Whether something accepts connections on 127.0.0.1:`port` within `timeout` seconds.
func waitForPort(_ port: Int, timeout: Double = 5) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    repeat {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        close(fd)
        if connected == 0 { return true }
        usleep(20_000)
    } while Date() < deadline
    return false
}

/// `mosquitto_sub` and `mosquitto_pub` with any arguments (TLS, credentials), for tests
/// that cannot use `TestBroker`'s anonymous plain listener.
enum MosquittoTools {
    /// Retained messages on `filter` (topic → payload): what arrives until the output has been
    /// quiet for half a second, or for at most `seconds` when nothing arrives.
    static func retained(port: Int, filter: String, arguments: [String], seconds: Double = 2) throws -> [String: String]
    {
        let output = try run(
            "mosquitto_sub",
            ["-h", "127.0.0.1", "-p", String(port), "-t", filter, "--retained-only", "-F", "%t\t%x"] + arguments,
            timeout: seconds, quiet: 0.5)
        var result: [String: String] = [:]
        for line in output.stdout.split(separator: "\n") {
            guard let tab = line.lastIndex(of: "\t") else { continue }
            result[String(line[..<tab])] = String(decoding: hex(line[line.index(after: tab)...]), as: UTF8.self)
        }
        return result
    }

    /// Publishes one retained message with QoS 1; returns the exit status and stderr.
    @discardableResult
    static func publish(port: Int, topic: String, payload: String, arguments: [String]) throws -> (Int32, String) {
        let output = try run(
            "mosquitto_pub",
            ["-h", "127.0.0.1", "-p", String(port), "-q", "1", "-r", "-t", topic, "-m", payload] + arguments,
            timeout: 10)
        return (output.status, output.stderr)
    }

    /// Runs `tool` until it exits, `timeout` seconds pass, or (with `quiet`) its output has
    /// been silent that long after something arrived; then kills it. (`mosquitto_sub -W`
    /// cannot be used: the test runner's blocked SIGALRM is inherited.)
    static func run(_ tool: String, _ arguments: [String], timeout: Double, quiet: Double? = nil) throws -> (
        status: Int32, stdout: String, stderr: String
    ) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(findExecutable(tool), "\(tool) not found"))
        process.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = out
        process.standardError = err
        let output = OutputCollector(out.fileHandleForReading)
        let errors = OutputCollector(err.fileHandleForReading)
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        var lastLength = 0
        var lastChange = Date()
        while process.isRunning && Date() < deadline {
            usleep(10_000)
            let length = output.text().utf8.count
            if length != lastLength {
                lastLength = length
                lastChange = Date()
            } else if let quiet, length > 0, Date().timeIntervalSince(lastChange) >= quiet {
                break
            }
        }
        if process.isRunning { Foundation.kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        usleep(50_000)  // let the collectors drain the last bytes
        return (process.terminationStatus, output.text(), errors.text())
    }

    private static func hex(_ text: Substring) -> [UInt8] {
        var bytes: [UInt8] = []
        var index = text.startIndex
        while index < text.endIndex, let next = text.index(index, offsetBy: 2, limitedBy: text.endIndex) {
            if let byte = UInt8(text[index..<next], radix: 16) { bytes.append(byte) }
            index = next
        }
        return bytes
    }
}

/// Lines of `text` that contain `needle`.
func lines(of text: String, containing needle: String) -> [String] {
    text.split(separator: "\n").map(String.init).filter { $0.contains(needle) }
}
