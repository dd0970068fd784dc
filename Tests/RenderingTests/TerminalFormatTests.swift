import Foundation
import Rendering
import TestSupport
import Testing
import WeatherModel
import WireContract

@Suite("Terminal: --format, get paths, locations, watch lines")
struct TerminalFormatTests {
    typealias F = ViewModelFixtures
    static let fresh = "2026-02-07T16:20:00+01:00"

    @Test("--format fills every documented placeholder")
    func template() throws {
        let model = try F.model("munich-full", now: Self.fresh)
        let template = try StatusLineTemplate(
            "{glyph} {temp} {condition} feels {feels} {humidity} {wind} {pop} {max}/{min} {sunrise}-{sunset} {age} {location}"
        )
        #expect(
            template.render(model, glyphs: .unicode)
                == "◐ 8.5°C Partly cloudy feels 6.1°C 71% 5 km/h N 10% 9.5°C/4.7°C 7:32 AM-5:22 PM 5 min Munich")
        let all = try StatusLineTemplate(StatusLineTemplate.placeholders.map { "{\($0)}" }.joined(separator: "|"))
        #expect(
            all.render(model, glyphs: .ascii)
                == "8.5C|6.1C|3.4C|pcld|Partly cloudy|partlycloudy|71%|10%|40%|5 km/h N|18 km/h|1016 hPa|0.0 mm/h|1|"
                + "9.5C|4.7C|7:32 AM|5:22 PM|5 min|4:15 PM|as of 4:15 PM||Munich|munich|open-meteo")
    }

    @Test("--format with both units, braces, unknown values, stale")
    func templateDetails() throws {
        let stale = try F.model("munich", now: "2026-02-07T19:00:00+01:00")
        let line = try StatusLineTemplate("{{{temp}}} {feels} {stale} {freshness}").render(
            stale, glyphs: .ascii, bothUnits: true)
        #expect(line == "{8.5C / 47.3F} - stale stale, 2 h old")
    }

    @Test("--format refuses unknown placeholders and unclosed braces")
    func templateErrors() {
        #expect(throws: StatusLineTemplateError.self) { try StatusLineTemplate("{temperature}") }
        #expect(throws: StatusLineTemplateError.self) { try StatusLineTemplate("{temp") }
        do throws(StatusLineTemplateError) {
            _ = try StatusLineTemplate("x {nope} y")
        } catch {
            #expect(error.message.contains("{nope}"))
            #expect(error.message.contains("{temp}"))
        }
    }

    @Test(
        "get paths: values as scripts want them",
        arguments: [
            ("current.temperature", "8.5"),
            ("current.condition", "partlycloudy"),
            ("current.is_day", "true"),
            ("current.apparent_temperature", "6.1"),
            ("daily.days.0.temperature_max", "9.5"),
            ("hourly.hours.1.time", "2026-02-07T17:00:00+01:00"),
            ("status.state", "ok"),
            ("status.last_error", "null"),
            (
                "current.units",
                #"{"temperature":"°C","wind_speed":"km/h","pressure":"hPa","precipitation":"mm","precipitation_intensity":"mm/h","distance":"km"}"#
            ),
        ])
    func paths(path: String, expected: String) throws {
        let payloads = F.payloads("munich-full")
        let parsed = try PayloadPath<LocationTopic>(path)
        let payload = try #require(payloads[parsed.topic])
        #expect(try parsed.value(in: payload.json).plainText == expected)
    }

    @Test(
        "get paths that name nothing say so",
        arguments: [
            ("current.temprature", "current has no member 'temprature'"),
            ("weather.temperature", "it must start with one of current, hourly, daily, alerts, status"),
            ("daily.days.9", "daily.days has 7 entries; there is no entry 9"),
            ("daily.days.first", "daily.days is an array; 'first' is not an index"),
            ("current.temperature.value", "current.temperature is a number, not an object or array"),
            ("current..x", "it has an empty segment"),
        ])
    func badPaths(path: String, expected: String) throws {
        let payloads = F.payloads("munich-full")
        do throws(PayloadPathError) {
            let parsed = try PayloadPath<LocationTopic>(path)
            _ = try parsed.value(in: payloads[parsed.topic]?.json ?? .null)
            Issue.record("\(path) gave a value")
        } catch {
            #expect(error.path == path)
            #expect(error.description.contains(expected), "\(error)")
        }
    }

    @Test("locations: state and age per location, broken payloads marked")
    func locations() throws {
        var payloads = ["munich": F.payloads("munich-full"), "nyc": F.payloads("newyork")]
        payloads["nyc"]?.hourly = nil
        payloads["nyc"]?.daily = nil
        payloads["nyc"]?.alerts = nil
        payloads["broken"] = LocationPayloads(
            location: "broken", status: TopicPayload(topic: "weather/broken/status", json: ["state": "sleepy"]))
        let info = TopicPayload(
            topic: "weather/bridge/info",
            json: ["version": "0.1.0", "schema": 1, "locations": ["munich", "nyc", "gone"]])
        let summaries = try LocationSummary.list(info: info, payloads: payloads, now: F.date(Self.fresh))
        #expect(summaries.map(\.id) == ["broken", "gone", "munich", "nyc"])
        let table = LocationsTable.render(summaries)
        if let difference = Golden.check(table, "RenderingTests/Golden/terminal/locations.txt") {
            Issue.record(Comment(rawValue: difference))
        }
        #expect(summaries[0].problem != nil)
        #expect(summaries[1].freshness == nil && summaries[1].announced)
        #expect(summaries[2].freshness?.text == "as of 4:15 PM")
        #expect(summaries[3].freshness?.isStale == true)
    }

    @Test("watch: one line per update")
    func watchLines() throws {
        let model = try F.model("munich-full", now: Self.fresh)
        #expect(
            WatchLine.render(.current, model: model, glyphs: .unicode)
                == "munich current: 8.5°C Partly cloudy, feels 6.1°C, humidity 71%, wind 5 km/h N (as of 4:15 PM)")
        #expect(WatchLine.render(.status, model: model, glyphs: .unicode) == "munich status: ok via open-meteo")
        #expect(
            WatchLine.render(.alerts, model: model, glyphs: .unicode)
                == "munich alerts: Severe gale gusts (severe); Frost (minor)")
        #expect(
            WatchLine.render(.daily, model: model, glyphs: .ascii).hasPrefix(
                "munich daily: Today 10C/5C, Tomorrow 7C/3C"))
        #expect(WatchLine.render(.hourly, model: model, glyphs: .ascii).hasPrefix("munich hourly: 48 hours from Now"))
    }

    @Test("watch: the values a station supplied carry the mark, as in show")
    func watchLineStation() throws {
        let model = try F.model("munich-full", now: Self.fresh) { document in
            document.set("current.sources.temperature", "station:roof")
            document.set("current.sources.humidity", "station:roof")
            document.set("current.sources.wind_speed", "open-meteo")
        }
        #expect(
            WatchLine.render(.current, model: model, glyphs: .unicode)
                == "munich current: 8.5°C* Partly cloudy, feels 6.1°C, humidity 71%*, wind 5 km/h N (as of 4:15 PM)")
    }

    /// An `alerts/event` payload for munich: the fixture's gale warning (`dwd-2`), `edit`ed.
    static func alertEvent(
        _ change: String = "new", at: String = "2026-02-07T16:16:00+01:00", edit: (inout JSONObject) -> Void = { _ in }
    ) -> JSONValue {
        let document = F.document("munich-full")
        let alert = document["alerts"]?["alerts"]?.array?.first { $0["id"]?.string == "dwd-2" } ?? .null
        var object = JSONObject([
            ("schema", .number(1)), ("location", document["alerts"]?["location"] ?? .null), ("event", .string(change)),
            ("at", .string(at)), ("alert", alert),
        ])
        edit(&object)
        return .object(object)
    }

    @Test("watch: a warning event is one line: what changed, severity, title, validity, credit, when")
    func alertEventLines() throws {
        let now = F.date(Self.fresh)
        let topic = "weather/munich/alerts/event"
        let event = try AlertEventMessage(topic: topic, topicLocation: "munich", json: Self.alertEvent())
        #expect(
            WatchLine.alertEvent(event, now: now, language: .en, glyphs: .unicode)
                == "munich alert new: Severe · Severe gale gusts · until Sun 6:00 PM · "
                + "Warnings: Deutscher Wetterdienst, via Bright Sky (4:16 PM)")
        // Not begun yet: from when; in German words and a 24-hour clock; ASCII separators.
        let later = try AlertEventMessage(
            topic: topic, topicLocation: "munich",
            json: Self.alertEvent("updated") { $0.set("alert.onset", .string("2026-02-07T21:00:00+01:00")) })
        #expect(
            WatchLine.alertEvent(later, now: now, language: .de, glyphs: .ascii)
                == "munich alert updated: Unwetter - Severe gale gusts - ab 21:00 bis So 18:00 - "
                + "Warnings: Deutscher Wetterdienst, via Bright Sky (16:16)")
        let ended = try AlertEventMessage(
            topic: topic, topicLocation: "munich", json: Self.alertEvent("ended") { $0.set("alert.attribution", .null) }
        )
        #expect(
            WatchLine.alertEvent(ended, now: now, language: .en, glyphs: .unicode)
                == "munich alert ended: Severe · Severe gale gusts · until Sun 6:00 PM · Deutscher Wetterdienst (4:16 PM)"
        )
    }

    @Test(
        "watch: a warning event that does not match the schema or names another location is an error naming it",
        arguments: [
            ("event", JSONValue.string("appeared"), "alerts/event.event: 'appeared' is not one of new, updated, ended"),
            (
                "location.id", .string("berlin"),
                "alerts/event.location.id: 'berlin' does not match the topic's location 'munich'"
            ),
            ("alert", .null, "alerts/event.alert: missing"),
            ("alert.severity", .string("apocalyptic"), "alerts/event.alert.severity: 'apocalyptic' is not one of"),
            ("schema", .number(2), "alerts/event.schema: version 2 is not supported"),
            ("at", .string("soon"), "alerts/event.at: 'soon' is not an ISO 8601 time"),
        ])
    func alertEventProblems(path: String, value: JSONValue, problem: String) throws {
        let json = Self.alertEvent { $0.set(path, value) }
        do {
            _ = try AlertEventMessage(topic: "weather/munich/alerts/event", topicLocation: "munich", json: json)
            Issue.record("accepted \(path) = \(value.serialized())")
        } catch {
            #expect(error.topic == "weather/munich/alerts/event")
            #expect(error.problem.hasPrefix(problem), "\(error.problem)")
        }
    }
}
