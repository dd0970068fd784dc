import Configuration
import Foundation
import TestSupport
import Testing

/// `*_file` keys read real files: first line only, modes checked with stat.
@Suite("Secret files")
struct SecretFileTests {
    private func writeSecret(_ folder: TemporaryFolder, _ name: String, _ text: String, mode: Int) throws -> String {
        let path = folder.write(name, text)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
        return path
    }

    private func config(_ folder: TemporaryFolder, _ mqtt: String) -> String {
        folder.write("config.yaml", "mqtt:\n" + mqtt + "\n" + ConfigTesting.minimal)
    }

    @Test("a 0600 file gives its first line, without a warning")
    func privateFile() throws {
        let folder = TemporaryFolder()
        let secret = try writeSecret(folder, "password", "hunter2\r\nsecond line\n", mode: 0o600)
        let path = config(folder, "  username: u\n  password_file: \(secret)")
        let loaded = try ConfigurationLoader.load(path: path, environment: [:])
        #expect(loaded.mqtt.password == "hunter2")
        #expect(loaded.warnings.isEmpty)
        #expect(loaded.path == path)
    }

    @Test("a file others may read earns a warning", arguments: [0o644, 0o640, 0o604])
    func sharedFile(_ mode: Int) throws {
        let folder = TemporaryFolder()
        let secret = try writeSecret(folder, "user", "bridge", mode: mode)
        let path = config(folder, "  username_file: \(secret)")
        let loaded = try ConfigurationLoader.load(path: path, environment: [:])
        #expect(loaded.mqtt.username == "bridge")
        #expect(loaded.warnings == ["secret file \(secret) is readable by other users (chmod 600)"])
    }

    @Test("relative secret paths are taken from the configuration's folder")
    func relativePath() throws {
        let folder = TemporaryFolder()
        _ = try writeSecret(folder, "owm", "key-123\n", mode: 0o600)
        let path = folder.write(
            "config.yaml",
            "providers:\n  openweathermap: { api_key_file: owm }\n" + ConfigTesting.minimal
                + "\n    providers: [openweathermap]\n")
        let loaded = try ConfigurationLoader.load(path: path, environment: [:])
        #expect(loaded.provider("openweathermap")?.apiKey == "key-123")
    }

    @Test("a missing file, a directory or an empty file is an error naming key and line")
    func unreadable() throws {
        let folder = TemporaryFolder()
        _ = try writeSecret(folder, "empty", "", mode: 0o600)
        for (target, reason) in [
            (folder.path + "/missing", "No such file or directory"), (folder.path, "it is a directory"),
            (folder.path + "/empty", "is empty"),
        ] {
            let path = config(folder, "  username: u\n  password_file: \(target)")
            let error = try #require(ConfigTesting.loadError(path, environment: [:]))
            #expect(error.file == path)
            #expect(error.line == 3)
            #expect(error.message.contains("mqtt.password_file"))
            #expect(error.message.contains(reason), "\(error)")
        }
    }

    @Test("a missing configuration file is an error without a line")
    func missingConfiguration() throws {
        let error = try #require(
            ConfigTesting.loadError("/nonexistent/config.yaml", environment: [:]))
        #expect(error.line == nil)
        #expect(
            error.description == "/nonexistent/config.yaml: cannot read the configuration: No such file or directory")
    }
}
