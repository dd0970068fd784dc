import Foundation

/// How every test waits for something to happen: `condition` polled every 20 ms until it holds
/// or `seconds` pass, stretched under emulation (``TestTiming``); returns whether it held. Waiting
/// longer costs nothing when the condition holds, so the default is generous. A test that checks
/// that something does *not* happen within a time asks `!waitUntil(seconds:)`.
public func waitUntil(seconds: Double = 15, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = ContinuousClock.now + .milliseconds(Int(TestTiming.seconds(seconds) * 1000))
    while ContinuousClock.now < deadline {
        if try condition() { return true }
        usleep(20_000)
    }
    return try condition()
}

/// ``waitUntil(seconds:_:)`` in async tests (chosen there by the compiler): sleeps between polls
/// without holding one of the few threads the tests running at once share.
public func waitUntil(seconds: Double = 15, _ condition: () throws -> Bool) async rethrows -> Bool {
    let deadline = ContinuousClock.now + .milliseconds(Int(TestTiming.seconds(seconds) * 1000))
    while ContinuousClock.now < deadline {
        if try condition() { return true }
        try? await Task.sleep(for: .milliseconds(20))
    }
    return try condition()
}
