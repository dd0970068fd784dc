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
/// (A copy of BridgeTests' HardeningSupport; both belong in TestSupport once it can take them.)
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
