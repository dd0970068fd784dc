import Testing

@testable import MQTTClient

/// Reconnecting: quick to a broker that was just there, patient with one that stays away.
@Suite("Reconnect policy")
struct ReconnectPolicyTests {
    @Test("the first retries come a quarter second apart: a restarted broker is found within seconds")
    func quickFirst() {
        let policy = ReconnectPolicy(maximum: 10)
        let firstFive = (0..<5).map { policy.delay(failures: $0) }
        #expect(firstFive.allSatisfy { $0 == .milliseconds(250) })
        // A broker back after 1 s is found by the fifth attempt, 1.25 s after the loss at most.
        let waited = firstFive.reduce(Duration.zero, +)
        #expect(waited <= .milliseconds(1250))
    }

    @Test("then the wait doubles up to the cap and stays there: a broker that stays away is not hammered")
    func backoffWithCap() {
        let policy = ReconnectPolicy(minimum: 1, maximum: 10)
        #expect(
            (5..<10).map { policy.delay(failures: $0) } == [
                .seconds(1), .seconds(2), .seconds(4), .seconds(8), .seconds(10),
            ])
        #expect(policy.delay(failures: 1000) == .seconds(10))
        // An hour of absence costs a few hundred attempts, not thousands.
        var elapsed = Duration.zero
        var attempts = 0
        while elapsed < .seconds(3600) {
            elapsed += policy.delay(failures: attempts)
            attempts += 1
        }
        #expect(attempts < 380)
    }

    @Test("the options' delays are the policy's backoff bounds")
    func fromOptions() {
        var options = MQTTConnectOptions(host: "127.0.0.1", clientID: "t")
        options.reconnectDelayMin = 2
        options.reconnectDelayMax = 16
        let policy = ReconnectPolicy(options)
        #expect(policy.delay(failures: 0) == .milliseconds(250))
        #expect(policy.delay(failures: 5) == .seconds(2))
        #expect(policy.delay(failures: 9) == .seconds(16))
    }

    @Test("a broker never reached gets the plain backoff from the first failure: no quick burst of refusals")
    func neverConnected() {
        let policy = ReconnectPolicy(minimum: 1, maximum: 10)
        #expect(
            (0..<5).map { policy.delay(failures: $0, afterLoss: false) } == [
                .seconds(1), .seconds(2), .seconds(4), .seconds(8), .seconds(10),
            ])
    }
}
