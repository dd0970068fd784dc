import Foundation

/// Python as an outside checker (PyYAML, Jinja2: what Home Assistant itself uses).
public enum Python {
    public struct PythonError: Error, CustomStringConvertible {
        public var description: String
    }

    /// Runs `python3 -c script` with `input` on stdin and returns stdout.
    public static func run(_ script: String, input: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script]
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        // Python reads all of stdin before it writes anything, so writing first cannot deadlock.
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try? stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let errors = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw PythonError(
                description: "python3 failed (\(process.terminationStatus)): " + String(decoding: errors, as: UTF8.self)
            )
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// `text` parsed by PyYAML's `safe_load`, as JSON text; throws when it is not valid YAML.
    public static func yamlAsJSON(_ text: String) throws -> String {
        try run("import json, sys, yaml; print(json.dumps(yaml.safe_load(sys.stdin)))", input: text)
    }
}
