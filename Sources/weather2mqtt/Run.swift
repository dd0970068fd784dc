import ArgumentParser
import Bridge
import Dispatch

#if canImport(Glibc)
    import Glibc
#endif

struct Run: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the bridge (graceful on SIGTERM/SIGINT).")

    @OptionGroup var options: ConfigOption

    @Flag(help: "Refresh every location once, publish, and exit.")
    var once = false

    func run() async throws {
        let setup = try BridgeSetup.loadOrExit(configPath: options.config)
        let service = BridgeService(
            configuration: setup.configuration, clock: setup.clock, log: setup.log, refresher: setup.refresher)
        let once = self.once
        let task = Task { await service.run(once: once) }
        let signals = SignalWatcher { task.cancel() }
        let code = await task.value
        signals.stop()
        if code != 0 { throw ExitCode(code) }
    }
}

/// Turns SIGTERM and SIGINT into a cancellation of the bridge's task (graceful shutdown).
final class SignalWatcher {
    private let sources: [any DispatchSourceSignal]

    init(_ handler: @escaping @Sendable () -> Void) {
        sources = [SIGTERM, SIGINT].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler(handler: handler)
            source.resume()
            return source
        }
    }

    func stop() { sources.forEach { $0.cancel() } }
}
