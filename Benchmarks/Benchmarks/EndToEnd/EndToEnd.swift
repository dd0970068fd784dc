import BenchSupport
import Benchmark
import Bridge
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Whole refreshes, in this process, against a real `mosquitto` and the loopback Open-Meteo
/// stand-in: every location fetched, decoded, normalised, published (QoS 1, acknowledged) and
/// its state saved, as `weather2mqtt run --once` does. And `weatherview get` / `render` end to
/// end: the release binaries spawned against a broker that holds the bridge's retained topics.
///
/// Wall-clock figures of the refreshes include the MQTT connect and the clean disconnect;
/// `cpuTotal` is this process's CPU (all threads: Swift tasks, libcurl, libmosquitto).
/// For the spawned binaries only the wall clock means anything (the child's CPU and
/// allocations are not this process's).
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .peakMemoryResident, .syscalls],
        warmupIterations: 1, maxDuration: .seconds(20), maxIterations: 50)

    for count in [1, 100, 1000] {
        let name = "refresh\(count)"
        Benchmark(
            "Refresh \(count) Open-Meteo location\(count == 1 ? "" : "s") (fetch, decode, publish, save)",
            configuration: .init(maxDuration: .seconds(30), maxIterations: count >= 1000 ? 6 : count >= 100 ? 20 : 50)
        ) { benchmark in
            guard let services = Harness.services else { throw BenchError("no loopback services") }
            services.clearState(name: name)
            let setup = try BridgeSetup.load(configPath: services.directory + "/" + name + ".yaml")
            let service = BridgeService(
                configuration: setup.configuration, clock: setup.clock, log: setup.log, refresher: setup.refresher)
            benchmark.startMeasurement()
            let code = await service.run(once: true)
            benchmark.stopMeasurement()
            guard code == 0 else { throw BenchError("run --once exited \(code)") }
        } setup: {
            let services = try Harness.start()
            _ = try services.writeConfiguration(locations: count, name: name)
        } teardown: {
            Harness.stop()
        }
    }

    Benchmark(
        "weatherview get (release binary, one value from retained payloads)",
        configuration: .init(metrics: [.wallClock], maxDuration: .seconds(10), maxIterations: 200)
    ) { _ in
        try Harness.spawnWeatherview(["get", "loc0000", "current.temperature"])
    } setup: {
        try await Harness.startWithRetainedPayloads()
    } teardown: {
        Harness.stop()
    }

    Benchmark(
        "weatherview render 800x480 PNG (release binary, end to end)",
        configuration: .init(metrics: [.wallClock], maxDuration: .seconds(10), maxIterations: 100)
    ) { _ in
        let out = (Harness.services?.directory ?? NSTemporaryDirectory()) + "/frame.png"
        try Harness.spawnWeatherview(["render", "loc0000", "--size", "800x480", "--out", out])
    } setup: {
        try await Harness.startWithRetainedPayloads()
    } teardown: {
        Harness.stop()
    }
}

/// The loopback services of the benchmark that is running (benchmarks run one at a time).
enum Harness {
    nonisolated(unsafe) static var services: LoopbackServices?

    static func start() throws -> LoopbackServices {
        setenv("WEATHER2MQTT_NOW", BenchPaths.now, 1)
        let services = try LoopbackServices()
        Harness.services = services
        return services
    }

    static func stop() {
        services?.stop()
        services = nil
    }

    /// Services whose broker holds the retained topics of one refreshed location.
    static func startWithRetainedPayloads() async throws {
        let services = try start()
        let path = try services.writeConfiguration(locations: 1, name: "view")
        let setup = try BridgeSetup.load(configPath: path)
        let code = await BridgeService(
            configuration: setup.configuration, clock: setup.clock, log: setup.log, refresher: setup.refresher
        ).run(once: true)
        guard code == 0 else { throw BenchError("the bridge could not publish (exit \(code))") }
    }

    /// Runs the release `weatherview` with `arguments` against the broker; throws unless it exits 0.
    /// posix_spawn and waitpid, not Foundation's `Process`: its `waitUntilExit` polls every 50 ms,
    /// which measured the poll, not `weatherview`.
    static func spawnWeatherview(_ arguments: [String]) throws {
        guard let services else { throw BenchError("no loopback services") }
        let path = BenchPaths.executable("weatherview")
        let words: [String] = [path] + arguments + ["--broker", services.brokerURL]
        let environment: [String] = ["WEATHER2MQTT_NOW=" + BenchPaths.now, "PATH=/usr/bin:/bin"]
        let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var pid = pid_t()
        let rc = posix_spawn(&pid, path, &actions, nil, argv, envp)
        guard rc == 0 else { throw BenchError("could not start \(path): error \(rc)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        guard status == 0 else {
            throw BenchError("weatherview \(arguments.joined(separator: " ")) ended with status \(status)")
        }
    }
}
