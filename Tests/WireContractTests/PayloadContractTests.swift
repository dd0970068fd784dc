import FoundationEssentials
import Testing
import WeatherModel

@testable import WireContract

@Suite("Payloads: written and read in one module")
struct PayloadContractTests {
    let location = LocationInfo(id: "oslo", name: "Oslo", latitude: 59.91, longitude: 10.75, timezone: "UTC")
    let fetched = Date(timeIntervalSince1970: 1_770_000_000)

    @Test("the envelope the bridge writes starts with the contract's keys and reads back whole")
    func envelopeRoundTrip() throws {
        let builder = PayloadBuilder(
            location: location, zone: .utc, provider: "met-no", attribution: "Data from MET Norway",
            fetchedAt: fetched, expiresAt: fetched.addingTimeInterval(900), units: .metric)
        let written = builder.envelope()
        #expect(written.keys == PayloadSchema.envelopeKeys)
        let reader = try FieldReader(topic: "weather/oslo/current", path: "current", value: .object(written))
        let envelope = try Envelope(reader)
        #expect(envelope.schema == PayloadSchema.version)
        #expect(envelope.location == location)
        #expect(envelope.provider == "met-no")
        #expect(envelope.fetchedAt == fetched)
        #expect(envelope.expiresAt == fetched.addingTimeInterval(900))
        #expect(envelope.units == .metric)
    }

    @Test("a payload of another schema version is refused with the version named")
    func otherVersion() throws {
        var written = PayloadBuilder(
            location: location, zone: .utc, provider: "met-no", attribution: nil, fetchedAt: fetched,
            expiresAt: fetched, units: .metric
        ).envelope()
        written["schema"] = .number(Double(PayloadSchema.version + 1))
        let reader = try FieldReader(topic: "weather/oslo/current", path: "current", value: .object(written))
        #expect(throws: PayloadError.self) { try Envelope(reader) }
        do {
            _ = try Envelope(reader)
        } catch {
            #expect(error.problem.contains("version \(PayloadSchema.version + 1) is not supported"))
        }
    }

    @Test("stale only once past expires_at by more than the cadence its last answer set (SPEC §3)")
    func staleness() {
        let expires = fetched.addingTimeInterval(600)
        func stale(_ expires: Date, success: Date? = nil, after seconds: Double) -> Bool {
            Staleness.isStale(
                expiresAt: expires, fetchedAt: fetched, lastSuccess: success, now: expires.addingTimeInterval(seconds))
        }
        #expect(!stale(expires, after: -1))
        #expect(!stale(expires, after: 600))
        #expect(stale(expires, after: 601))
        #expect(Staleness.isStale(expiresAt: expires, fetchedAt: nil, lastSuccess: nil, now: expires + 1))
        // A 304 an hour later renews expires_at and last_success, not fetched_at: the cadence is
        // from that answer; an older last_success (a status behind the data) does not widen it.
        let renewed = expires.addingTimeInterval(3600)
        #expect(stale(renewed, success: renewed.addingTimeInterval(-600), after: 601))
        #expect(!stale(renewed, success: renewed.addingTimeInterval(-600), after: 600))
        #expect(stale(expires, success: fetched.addingTimeInterval(-3600), after: 601))
    }
}
