import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Throwaway certificates for the hardening tests of both executables, made once per test run
/// with the openssl command: a CA, an unrelated second CA, a server certificate from the CA for
/// 127.0.0.1 and localhost (`good`), and one from the CA for another name only (`wrongname`).
public struct TestPKI: Sendable {
    public let directory: String
    public var caFile: String { directory + "/ca.crt" }
    public var otherCAFile: String { directory + "/other-ca.crt" }
    public func certFile(_ name: String) -> String { directory + "/\(name).crt" }
    public func keyFile(_ name: String) -> String { directory + "/\(name).key" }

    /// `certfile`/`keyfile` lines of a mosquitto listener serving certificate `name`.
    public func listenerConfig(name: String) -> String {
        "certfile \(certFile(name))\nkeyfile \(keyFile(name))"
    }

    public static let shared: Result<TestPKI, any Error> = Result { try TestPKI.make() }

    public static var available: Bool { findExecutable("openssl") != nil && findExecutable("mosquitto_passwd") != nil }

    private static func make() throws -> TestPKI {
        let directory = NSTemporaryDirectory() + "test-pki-\(UUID().uuidString)"
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
        return TestPKI(directory: directory)
    }

    public static func run(_ tool: String, _ arguments: [String], in directory: String) throws {
        guard let executable = findExecutable(tool) else { throw TestBrokerError("\(tool) not found") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw TestBrokerError(
                "\(tool) \(arguments.joined(separator: " ")) failed with status \(process.terminationStatus)")
        }
    }
}

/// A `TestBroker` whose plain listener (anonymous allowed, for `retained` and `publish`) is
/// joined by a TLS listener on a second free port, with a mosquitto password file.
public struct SecureBroker {
    public let broker: TestBroker
    public let tlsPort: Int
    public let folder: TemporaryFolder

    /// Starts mosquitto with `certificate` (`good` or `wrongname`) on the TLS listener and
    /// `users` (name → password) in its password file; `extra` is appended (an `acl_file`, …).
    public static func start(
        certificate: String = "good", users: [String: String] = ["bridge": "bridge-password"], extra: String = ""
    ) throws -> SecureBroker {
        let pki = try TestPKI.shared.get()
        let folder = TemporaryFolder()
        let passwords = folder.path + "/passwd"
        for (index, (user, password)) in users.sorted(by: { $0.key < $1.key }).enumerated() {
            try TestPKI.run(
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
        guard waitForPort(tlsPort) else {
            throw TestBrokerError("the TLS listener on \(tlsPort) did not open: \(broker.log)")
        }
        return SecureBroker(broker: broker, tlsPort: tlsPort, folder: folder)
    }

    /// `mqtts://<host>:<TLS port>`.
    public func tlsURL(host: String = "127.0.0.1") -> String { "mqtts://\(host):\(tlsPort)" }
}

/// Whether something accepts connections on 127.0.0.1:`port` within `timeout` seconds.
public func waitForPort(_ port: Int, timeout: Double = 5) -> Bool {
    waitUntil(seconds: timeout) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        return connectLoopback(fd, port: port)
    }
}

/// Connects the TCP socket `fd` to 127.0.0.1:`port`; `false` (with `errno`) when refused.
public func connectLoopback(_ fd: Int32, port: Int) -> Bool {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(port).bigEndian
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    return withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
    } == 0
}
