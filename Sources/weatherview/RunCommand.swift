import ArgumentParser
import Viewer

/// Runs a command body: a `Failure` is printed to stderr and becomes its exit code.
func runCommand(_ body: () async throws(Failure) -> Int32) async throws {
    let code: Int32
    do {
        code = try await body()
    } catch {
        Output.error(error.message)
        code = error.code
    }
    Output.flush()
    if code != 0 { throw ArgumentParser.ExitCode(code) }
}
