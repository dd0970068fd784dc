import Foundation
import Testing
import WeatherModel

/// What a nowcast says, from steps built by hand: start, end, peak and the sentence.
@Suite("Nowcast outlook")
struct NowcastOutlookTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// 5-minute steps over two hours; `wet` maps step index to mm/h.
    static func nowcast(_ wet: [Int: Double], type: PrecipitationType? = .rain, count: Int = 24) -> Nowcast {
        Nowcast(
            source: "test", stepMinutes: 5,
            steps: (0..<count).map { index in
                let rate = wet[index] ?? 0
                return NowcastStep(
                    time: start.addingTimeInterval(Double(index) * 300), intensity: rate,
                    type: rate > 0 ? type : nil)
            })
    }

    @Test("rain from 20 to 60 minutes: the issue's own sentence")
    func startsLater() {
        let wet = Dictionary(uniqueKeysWithValues: (4..<12).map { ($0, 1.0) })
        let outlook = Self.nowcast(wet).outlook(now: Self.start)
        #expect(outlook.startsAt == Self.start.addingTimeInterval(1200))
        #expect(outlook.endsAt == Self.start.addingTimeInterval(3600))
        #expect(outlook.peakIntensity == 1)
        #expect(outlook.summary == "Light rain starting in about 20 min, for 40 min")
    }

    @Test("dry for the whole window")
    func dry() {
        let outlook = Self.nowcast([:]).outlook(now: Self.start)
        #expect(outlook.startsAt == nil)
        #expect(outlook.endsAt == nil)
        #expect(outlook.peakIntensity == nil)
        #expect(outlook.summary == "No precipitation expected in the next 2 hours")
    }

    @Test("falling now and not ending within the window: ends_at is nil")
    func notEnding() {
        let wet = Dictionary(uniqueKeysWithValues: (0..<24).map { ($0, 9.0) })
        let outlook = Self.nowcast(wet, type: .snow).outlook(now: Self.start.addingTimeInterval(60))
        #expect(outlook.startsAt == Self.start)
        #expect(outlook.endsAt == nil)
        #expect(outlook.summary == "Heavy snow for at least the next 1 h 59 min")
    }

    @Test("below 0.1 mm/h is dry; a second spell does not stretch the first")
    func thresholdAndSpells() {
        let outlook = Self.nowcast([1: 0.05, 3: 3.0, 4: 3.0, 10: 12.0]).outlook(now: Self.start)
        #expect(outlook.startsAt == Self.start.addingTimeInterval(900))
        #expect(outlook.endsAt == Self.start.addingTimeInterval(1500))
        #expect(outlook.peakIntensity == 3)
        #expect(outlook.summary == "Moderate rain starting in about 15 min, for 10 min")
    }

    @Test("steps already over are left out; an unavailable nowcast has no summary")
    func pastAndUnavailable() {
        let outlook = Self.nowcast([:]).outlook(now: Self.start.addingTimeInterval(3600))
        #expect(outlook.steps.first?.time == Self.start.addingTimeInterval(3600))
        #expect(outlook.summary == "No precipitation expected in the next hour")
        let none = Nowcast.unavailable(source: "met-no nowcast", reason: "outside coverage")
        #expect(none.outlook(now: Self.start).summary == nil)
        #expect(!none.isAvailable)
    }

    @Test("the sentence in the payload's language, each branch in German, and every language fills it")
    func languages() {
        let later = Dictionary(uniqueKeysWithValues: (4..<12).map { ($0, 1.0) })
        let falling = Dictionary(uniqueKeysWithValues: (0..<3).map { ($0, 3.0) })
        let all = Dictionary(uniqueKeysWithValues: (0..<24).map { ($0, 9.0) })
        let open = Dictionary(uniqueKeysWithValues: (20..<24).map { ($0, 1.0) })
        func say(_ wet: [Int: Double], _ language: Language, type: PrecipitationType? = .rain) -> String? {
            Self.nowcast(wet, type: type).outlook(now: Self.start, language: language).summary
        }
        #expect(say(later, .de) == "Leichter Regen ab in etwa 20 Min., 40 Min. lang")
        #expect(say(falling, .de) == "Mäßiger Regen, endet in etwa 15 Min.")
        #expect(say(all, .de, type: .snow) == "Starker Schnee noch mindestens 2 Stunden")
        #expect(say(open, .de) == "Leichter Regen ab in etwa 1 Std. 40 Min., mindestens 20 Min. lang")
        #expect(say([:], .de) == "Kein Niederschlag in den nächsten 2 Stunden")
        #expect(say(later, .fr) == "Pluie faible dans environ 20 min, pendant 40 min")
        #expect(say(later, .ja) == "約20分後に弱い雨、40分続く")
        #expect(say(later, .ru) == "Дождь слабой интенсивности примерно через 20 мин, в течение 40 мин")
        for language in Language.allCases {
            for sentence in [say(later, language), say(falling, language), say(all, language), say([:], language)] {
                let text = sentence ?? ""
                #expect(!text.isEmpty && !text.contains("{") && !text.contains("}"), "\(language): \(text)")
                if language != .en { #expect(!text.contains("starting") && !text.contains("expected"), "\(text)") }
            }
        }
    }
}
