import ConfigurationCore
import Dispatch
import FoundationEssentials
import Rendering
import WeatherModel
import WireContract

#if canImport(Glibc)
    import Glibc
#endif

extension RenderJob {
    /// `--watch`: draws whenever what is drawn changes, until SIGINT or SIGTERM. Starts from
    /// the `retained` messages, so the first frame is a whole one.
    func watch(
        _ source: FrameSource, retained: [String: [UInt8]], session: BrokerSession, clock: ViewClock
    ) async throws(Failure) -> Int32 {
        let started = ContinuousClock.now
        func seconds() -> Double {
            let elapsed = (ContinuousClock.now - started).components
            return Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18
        }
        var messages = retained
        var policy = FrameWatch(minInterval: minInterval)
        var latest: RenderedFrame?
        var lastInput: FrameSource.Drawn?
        var reported: Set<String> = []
        var running: ExecProcess?
        var waitingNoted = false
        var wasConnected = true
        // When to look at the data again: soon after messages arrive (a burst is drawn once),
        // and every 15 s for what the clock changes. When a held-back frame may go out.
        var lookAt = ContinuousClock.now
        var writeAt: ContinuousClock.Instant?
        while !session.stopRequested {
            if ContinuousClock.now >= lookAt {
                lookAt = .now + .seconds(15)
                let drawn = source.drawn(messages, now: clock.now(), job: self)
                for problem in drawn.problems where !reported.contains(problem) {
                    Output.error(problem)
                    reported.insert(problem)
                }
                if drawn.input != nil, drawn.input != lastInput?.input {
                    let (bytes, frame) = source.encode(drawn, job: self)
                    latest = RenderedFrame(bytes: bytes, frame: frame, stale: drawn.stale, problems: [])
                    lastInput = drawn
                } else if drawn.input == nil, !waitingNoted, seconds() >= session.settings.timeout {
                    Output.error("no data yet for \(source.describe(session)); waiting")
                    waitingNoted = true
                }
            }
            // A new frame goes out only when the panel is not still busy with the last one.
            writeAt = nil
            if running == nil, let frame = latest {
                switch policy.offer(frame.bytes, at: seconds()) {
                case .write:
                    try await deliver(frame)
                    Output.error(delivered(frame) + (frame.stale.map { "; stale: " + $0 } ?? ""))
                    running = try startExec()
                    if let running { session.watchExit(of: running) }
                case .wait(let until):
                    writeAt = started + .milliseconds(Int64(until * 1000))
                case .identical:
                    break
                }
            }
            guard let event = await session.next(before: min(lookAt, writeAt ?? lookAt)) else { break }
            switch event {
            case .mqtt(.message(let message)):
                messages[message.topic] = message.payload.isEmpty ? nil : message.payload
                lookAt = min(lookAt, .now + Self.settle)
            case .mqtt(.disconnected(let reason?)):
                Output.error("connection lost (\(reason)); reconnecting")
            case .mqtt(.connected) where !wasConnected:
                Output.error("connected again")
            case .exited(let pid, let status) where pid == running?.pid:
                if status != 0 { Output.error("--exec command ended with status \(status)") }
                running = nil
            default:
                break
            }
            wasConnected = session.connected
        }
        // A command still running gets a few seconds to finish (a panel refresh), then is left.
        if let running {
            let until = ContinuousClock.now + .seconds(5)
            while let event = await session.next(before: until) {
                if case .alarm = event { break }
                if case .exited(let pid, _) = event, pid == running.pid { break }
            }
        }
        return 0
    }
}
