import Configuration
import Foundation
import TestSupport

@testable import Bridge

/// A `LocationRunner` in the test's process, never run: for executing feeds' updates and reading
/// its state and `state_dir` without a broker or a provider.
struct RunnerInProcess {
    let folder = TemporaryFolder()
    let runner: LocationRunner
    let configuration: BridgeConfiguration

    /// The runner for `location`, its `state_dir` in a temporary folder.
    init(_ location: LocationSettings) throws {
        configuration = BridgeConfiguration(stateDirectory: folder.path + "/state", locations: [location])
        try FileManager.default.createDirectory(atPath: folder.path + "/state", withIntermediateDirectories: true)
        let refresher = Refresher(
            configuration: configuration, providers: [:], transport: HTTPTransport(clock: BridgeClock()))
        runner = LocationRunner(
            configuration: configuration, clock: BridgeClock(), log: Log(level: .error), refresher: refresher,
            feeds: BridgeFeeds(configuration: configuration, providers: [:]))
    }

    /// What `state_dir` holds for location `id`.
    func saved(_ id: String) -> LocationState? {
        StateStore(directory: configuration.stateDirectory).load(location: id)
    }
}
