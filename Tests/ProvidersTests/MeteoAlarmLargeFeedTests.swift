import Foundation
import TestSupport
import Testing
import WeatherModel

@testable import Providers

/// A MeteoAlarm country feed of several megabytes (built from the recorded Bosnia feed, each
/// warning repeated under new identifiers) is read one warning at a time. The test checks the
/// result; the figures (time, resident memory against a whole-document parse) are printed for
/// the record, never asserted.
@Suite("MeteoAlarm large feed")
struct MeteoAlarmLargeFeedTests {
    /// The recorded feed's warnings `copies` times, identifiers made unique; built from the
    /// raw text (no parsed document), so building it leaves little behind to hide a peak.
    static func syntheticFeed(copies: Int) throws -> [UInt8] {
        let recorded = Fixtures.bytes("meteoalarm", "api_v1_feeds_bosnia_herzegovina_2024.json")
        var elements: [String] = []
        _ = try JSONArrayScan.elements(of: "warnings", in: recorded) { range in
            elements.append(String(decoding: recorded[range], as: UTF8.self))
        }
        var feed = Array("{\"warnings\": [".utf8)
        feed.reserveCapacity(recorded.count * copies + 64)
        for copy in 0..<copies {
            for (index, element) in elements.enumerated() {
                if copy > 0 || index > 0 { feed += Array(",\n".utf8) }
                feed += Array(
                    element.replacingOccurrences(of: "\"identifier\": \"", with: "\"identifier\": \"c\(copy).").utf8)
            }
        }
        return feed + Array("]}".utf8)
    }

    /// The process's resident memory now (`VmRSS` of /proc/self/status), kB.
    static func heapInUseKB() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    @Test("an 8 MB feed: every copy of the region's warnings found, the regions listed, nothing else kept")
    func large() throws {
        let recorded = Fixtures.bytes("meteoalarm", "api_v1_feeds_bosnia_herzegovina_2024.json")
        let perCopy = try MeteoAlarm.decode(recorded, region: "BA003", language: nil).count
        #expect(perCopy > 0)
        let copies = 120
        let feed = try Self.syntheticFeed(copies: copies)
        #expect(feed.count > 8_000_000)
        let before = Self.heapInUseKB()
        let clock = ContinuousClock()
        var alerts: [Alert] = []
        let byCode = clock.measure { alerts = (try? MeteoAlarm.decode(feed, region: "BA003", language: nil)) ?? [] }
        #expect(alerts.count == perCopy * copies)
        #expect(Set(alerts.map(\.id)).count == alerts.count)
        var byNameCount = 0
        let byName = clock.measure {
            byNameCount = (try? MeteoAlarm.decode(feed, region: "Banja Luka", language: nil))?.count ?? 0
        }
        #expect(byNameCount == perCopy * copies)
        var regions: [MeteoAlarm.Region] = []
        let listing = clock.measure { regions = (try? MeteoAlarm.regions(feed)) ?? [] }
        #expect(regions == (try MeteoAlarm.regions(recorded)))
        let afterStreaming = Self.heapInUseKB()
        var whole: JSONValue = .null
        let fullParse = clock.measure { whole = (try? JSONParser.parse(feed)) ?? .null }
        #expect(whole["warnings"]?.array?.count ?? 0 > 0)
        let afterWhole = Self.heapInUseKB()
        print(
            """
            MeteoAlarm feed of \(feed.count) bytes, \(copies * 22) warnings (debug build): by code \(byCode), by name \(byName), \
            regions \(listing); whole-document parse \(fullParse). Resident memory with the feed loaded: \(before) kB; \
            holding the \(alerts.count) decoded alerts: \(afterStreaming) kB (+\(afterStreaming - before)); holding \
            the whole parsed document instead: \(afterWhole) kB (+\(afterWhole - afterStreaming)).
            """)
    }
}
