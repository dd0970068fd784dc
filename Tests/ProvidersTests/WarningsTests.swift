import Foundation
import ProviderFacts
import TestSupport
import Testing
import WeatherModel
import WireContract

@testable import Providers

/// The warning sources apart from the forecast provider (SPEC §4 alerts): each decoder on its
/// recordings, through the alerts payload, against a golden file and the JSON Schema.
@Suite("Warning sources")
struct WarningsTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var folder: String
        var file: String
        var language: String?
        var region: String?
        var location: LocationInfo
        /// Inside the recording's validity, so its alerts are active.
        var now: String
        var testDescription: String { folder + "/" + file + (language.map { " (\($0))" } ?? "") }

        /// Built in steps: as one `+` chain with `?? ""` this exceeds Swift 6.2.3's type-checker limit.
        var golden: String {
            let stem = file.split(separator: ".").dropLast().joined(separator: ".")
            let languagePart = language.map { "." + $0 } ?? ""
            let regionPart = region.map { "." + $0.replacingOccurrences(of: " ", with: "_") } ?? ""
            return "ProvidersTests/Golden/warnings/\(stem)\(languagePart)\(regionPart).json"
        }

        func decode() throws -> [Alert] {
            let body = Fixtures.bytes(folder, file)
            switch folder {
            case "brightsky": return try BrightSkyAlerts.decode(body, language: language)
            case "metalerts": return try MetAlerts.decode(body)
            case "meteoalarm": return try MeteoAlarm.decode(body, region: region ?? "", language: language)
            case "openweathermap-alerts": return [try OneCall4AlertDetail.decode(body, language: language)]
            default: return try NWS.decodeAlerts(body)
            }
        }
    }

    static let weiherhammer = LocationInfo(
        id: "weiherhammer", name: "Weiherhammer", latitude: 49.6326, longitude: 12.0627, timezone: "Europe/Berlin")
    static let maloy = LocationInfo(
        id: "maloy", name: "Måløy", latitude: 61.9355, longitude: 5.1134, timezone: "Europe/Oslo")
    static let annaberg = LocationInfo(
        id: "annaberg", name: "Annaberg-Buchholz", latitude: 50.58, longitude: 13.0, timezone: "Europe/Berlin")
    static let banjaLuka = LocationInfo(
        id: "banja-luka", name: "Banja Luka", latitude: 44.77, longitude: 17.19, timezone: "Europe/Sarajevo")
    static let gdansk = LocationInfo(
        id: "gdansk", name: "Gdańsk", latitude: 54.35, longitude: 18.65, timezone: "Europe/Warsaw")
    static let temuco = LocationInfo(
        id: "temuco", name: "Temuco", latitude: -38.74, longitude: -72.6, timezone: "America/Santiago")
    static let uberlandia = LocationInfo(
        id: "uberlandia", name: "Uberlândia", latitude: -18.92, longitude: -48.28, timezone: "America/Sao_Paulo")
    static let portland = LocationInfo(
        id: "portland", name: "Portland", latitude: 45.52, longitude: -122.68, timezone: "America/Los_Angeles")

    static let cases: [Case] = [
        Case(
            folder: "brightsky", file: "alerts_weiherhammer_empty_2023.json", location: weiherhammer,
            now: "2023-08-22T10:00:00Z"),
        Case(
            folder: "brightsky", file: "alerts_weiherhammer_persistent_rain_2023.json", language: "de",
            location: weiherhammer, now: "2023-08-27T10:00:00Z"),
        Case(
            folder: "brightsky", file: "alerts_weiherhammer_strong_heat_health_2023.json", location: weiherhammer,
            now: "2023-08-22T10:00:00Z"),
        Case(
            folder: "brightsky", file: "alerts_weiherhammer_strong_heat_health_2023.json", language: "de",
            location: weiherhammer, now: "2023-08-22T10:00:00Z"),
        Case(
            folder: "metalerts", file: "metalerts2_current_marine_gale_2025.json", location: maloy,
            now: "2025-06-04T18:00:00Z"),
        Case(
            folder: "meteoalarm", file: "api_v1_feeds_germany_dwd_2026_trimmed.json", region: "DE343",
            location: annaberg,
            now: "2026-04-20T08:00:00Z"),
        Case(
            folder: "meteoalarm", file: "api_v1_feeds_germany_dwd_2026_trimmed.json", language: "de",
            region: "Schwarzwald-Baar-Kreis", location: annaberg, now: "2026-04-20T08:00:00Z"),
        Case(
            folder: "meteoalarm", file: "api_v1_feeds_bosnia_herzegovina_2024.json", region: "BA003",
            location: banjaLuka,
            now: "2024-01-07T12:00:00Z"),
        Case(
            folder: "meteoalarm", file: "atom_legacy_poland_2023.xml", region: "PL805", location: gdansk,
            now: "2023-04-27T14:00:00Z"),
        Case(
            folder: "meteoalarm", file: "atom_legacy_germany_2023_trimmed.xml", region: "DE300", location: annaberg,
            now: "2023-04-28T13:10:00Z"),
        Case(
            folder: "openweathermap-alerts", file: "onecall4_alert_detail_chile_rain_2026.json", location: temuco,
            now: "2026-08-01T12:00:00Z"),
        Case(
            folder: "openweathermap-alerts", file: "onecall4_alert_detail_inmet_future_ptbr_2026.json", language: "pt",
            location: uberlandia, now: "2026-10-06T12:00:00Z"),
        Case(folder: "nws", file: "alerts_active_zone.json", location: portland, now: "2019-12-20T22:00:00Z"),
    ]

    static func payload(_ item: Case) throws -> JSONValue {
        let alerts = try item.decode()
        let now = ProviderGolden.instant(item.now)
        return ProviderGolden.payloads(
            Forecast(current: Reading(time: now), alerts: alerts), provider: "open-meteo", location: item.location,
            now: now
        ).alerts
    }

    @Test("each recording decodes to its golden alerts payload, valid by the schema", arguments: cases)
    func golden(item: Case) throws {
        let payload = try Self.payload(item)
        if let difference = Golden.check(payload.prettyPrinted() + "\n", item.golden) {
            Issue.record("\(difference)")
        }
        let problems = try SchemaValidator.repository().validate(payload.prettyPrinted(), against: "alerts")
        #expect(problems.isEmpty, "\(problems)")
        if item.file.contains("empty") {
            #expect(payload["alerts"]?.array?.isEmpty == true)
        } else {
            #expect(payload["alerts"]?.array?.isEmpty == false, "the recording's alerts are active at \(item.now)")
        }
    }

    @Test("Bright Sky: German or English texts by language, DWD as sender, test messages left out")
    func brightSky() throws {
        let body = Fixtures.bytes("brightsky", "alerts_weiherhammer_strong_heat_health_2023.json")
        let english = try #require(try BrightSkyAlerts.decode(body, language: nil).first)
        let german = try #require(try BrightSkyAlerts.decode(body, language: "de-DE").first)
        #expect(english.id == "2.49.0.0.276.0.DWD.PVW.1692689700000.a2003648-2a6c-45fc-be7d-275f295146fc")
        #expect(english.title == "Official WARNING of STRONG HEAT")
        #expect(german.title == "Amtliche WARNUNG vor HITZE")
        #expect(english.event == "strong heat" && german.event == "STARKE HITZE")
        #expect(english.severity == .minor && english.awareness == "yellow")
        #expect(english.sender == "Deutscher Wetterdienst" && english.source == "brightsky")
        #expect(english.attribution?.contains("Deutscher Wetterdienst") == true)
        let test = String(decoding: body, as: UTF8.self).replacingOccurrences(
            of: "\"category\"", with: "\"status\": \"test\", \"category\"")
        #expect(try BrightSkyAlerts.decode(Array(test.utf8), language: nil).isEmpty)
        #expect(throws: ProviderError.self) {
            try BrightSkyAlerts.decode(Array("{\"location\": {}}".utf8), language: nil)
        }
    }

    @Test("MetAlerts: colour and severity from awareness_level, end at eventEndingTime, English by default")
    func metAlerts() throws {
        let alerts = try MetAlerts.decode(Fixtures.bytes("metalerts", "metalerts2_current_marine_gale_2025.json"))
        #expect(alerts.count == 3)
        let bulandet = try #require(alerts.first { $0.id == "2.49.0.1.578.0.20250604170930.003" })
        #expect(bulandet.awareness == "yellow" && bulandet.severity == .moderate && bulandet.event == "gale")
        #expect(bulandet.expires == ISO8601.date("2025-06-05T16:00:00+00:00"))
        #expect(bulandet.sender == "MET Norway" && bulandet.attribution == "Warnings: MET Norway (CC BY 4.0)")
        #expect(
            MetAlerts.path(latitude: 61.93551, longitude: 5.11344, language: nil)
                == "/current.json?lat=61.9355&lon=5.1134&lang=en")
        #expect(MetAlerts.path(latitude: 60, longitude: 10, language: "nb").hasSuffix("&lang=no"))
    }

    @Test("MeteoAlarm JSON: a region by EMMA_ID or by name, the awareness level over CAP severity, texts by language")
    func meteoAlarmJSON() throws {
        let body = Fixtures.bytes("meteoalarm", "api_v1_feeds_germany_dwd_2026_trimmed.json")
        let byCode = try MeteoAlarm.decode(body, region: "de343", language: nil)
        let byName = try MeteoAlarm.decode(body, region: " erzgebirgskreis ", language: nil)
        #expect(byCode == byName)
        let gusts = try #require(byCode.first)
        #expect(byCode.count == 1)
        // CAP says Moderate; the awareness level ("3; orange; Severe") is what DWD means.
        #expect(gusts.severity == .severe && gusts.awareness == "orange")
        #expect(gusts.title == "Official WARNING of GALE-FORCE GUSTS" && gusts.event == "gale-force gusts")
        #expect(gusts.attribution == "Warnings: MeteoAlarm (EUMETNET) and Deutscher Wetterdienst")
        let german = try #require(try MeteoAlarm.decode(body, region: "DE343", language: "de").first)
        #expect(german.title == "Amtliche WARNUNG vor STURMBÖEN")
        // An alert covering two regions is found by either.
        #expect(try MeteoAlarm.decode(body, region: "Kreis Ludwigsburg", language: nil).count == 1)
        #expect(try MeteoAlarm.decode(body, region: "DE999", language: nil).isEmpty)
        let regions = try MeteoAlarm.regions(body)
        #expect(regions.contains(MeteoAlarm.Region(code: "DE343", name: "Erzgebirgskreis")))
        #expect(regions.map(\.code) == regions.map(\.code).sorted())
    }

    @Test("MeteoAlarm Atom: one entry per area, colour from the event, the CAP link as uri")
    func meteoAlarmAtom() throws {
        let body = Fixtures.bytes("meteoalarm", "atom_legacy_poland_2023.xml")
        let alert = try #require(try MeteoAlarm.decode(body, region: "Eastern coastal zone", language: nil).first)
        #expect(alert.id == "2.49.0.0.616.0.PL.230427122201.PL805_00731")
        #expect(alert.awareness == "yellow" && alert.severity == .moderate && alert.event == "Yellow Wind warning")
        #expect(
            alert.uri
                == "https://feeds.meteoalarm.org/api/v1/warnings/feeds-poland/3adfb5e8-78f3-4240-bc8e-4b6a4da41c3b")
        #expect(try MeteoAlarm.regions(body).map(\.code) == ["PL804", "PL805"])
        #expect(XMLText.decode("a &amp; b &#x41;&#66; &lt;") == "a & b AB <")
    }

    @Test("MeteoAlarm: truncated, empty and foreign bodies are refused with a message naming the problem")
    func meteoAlarmRefusals() throws {
        let json = Fixtures.bytes("meteoalarm", "api_v1_feeds_germany_dwd_2026_trimmed.json")
        let atom = Fixtures.bytes("meteoalarm", "atom_legacy_poland_2023.xml")
        for body in [
            Array(json.prefix(json.count / 2)), Array(atom.prefix(atom.count / 2)), [], Array("{\"x\": 1}".utf8),
        ] {
            #expect(throws: ProviderError.self) { try MeteoAlarm.decode(body, region: "DE343", language: nil) }
        }
        #expect(MeteoAlarm.countrySlug("Bosnia Herzegovina") == "bosnia-herzegovina")
        #expect(MeteoAlarm.countrySlug("germany/../x") == nil)
    }

    @Test("One Call 4.0 detail: description in the configured language, else English, else the first; tags as title")
    func oneCall4() throws {
        let body = Fixtures.bytes("openweathermap-alerts", "onecall4_alert_detail_chile_rain_2026.json")
        let alert = try OneCall4AlertDetail.decode(body, language: "de")
        #expect(alert.title == "Rain" && alert.event == "Rain")
        #expect(alert.sender == "Dirección Meteorológica de Chile" && alert.source == "openweathermap")
        #expect(alert.description?.hasPrefix("Precipitaciones") == true)
        #expect(alert.onset == Date(timeIntervalSince1970: 1_785_578_400))
        #expect(
            OneCall4AlertDetail.path(id: "urn:oid:2.49.0.0.152.0.2026.7.31.14.20.43:f10")
                == "/alert/urn%3Aoid%3A2.49.0.0.152.0.2026.7.31.14.20.43%3Af10")
    }

    @Test("NWS alerts keep description and instruction apart, the office as sender, nws as source")
    func nws() throws {
        let alert = try #require(try NWS.decodeAlerts(Fixtures.bytes("nws", "alerts_active_zone.json")).first)
        #expect(alert.source == "nws" && alert.sender?.hasPrefix("NWS") == true)
        #expect(alert.event != nil && alert.instruction != nil)
        #expect(alert.description?.contains(alert.instruction ?? "§") == false)
    }

    @Test("default source by coordinates: NWS in the US, Bright Sky in Germany, MetAlerts in Norway, none elsewhere")
    func defaults() {
        #expect(WarningSource.defaultSource(latitude: 45.52, longitude: -122.68) == .nws)
        #expect(WarningSource.defaultSource(latitude: 61.2, longitude: -149.9) == .nws)
        #expect(WarningSource.defaultSource(latitude: 52.52, longitude: 13.405) == .brightsky)
        #expect(WarningSource.defaultSource(latitude: 59.91, longitude: 10.75) == .metalerts)
        #expect(WarningSource.defaultSource(latitude: 69.65, longitude: 18.96) == .metalerts)
        #expect(WarningSource.defaultSource(latitude: 59.33, longitude: 18.07) == nil)  // Stockholm
        #expect(WarningSource.defaultSource(latitude: 48.85, longitude: 2.35) == nil)  // Paris
    }

    @Test(
        "each source's request: the place in its URL, its headers; none for MeteoAlarm without a region or for One Call 4.0"
    )
    func requests() {
        var query = WarningQuery(latitude: 59.9139, longitude: 10.7522, language: "nb", baseURL: "http://127.0.0.1:9")
        func url(_ source: WarningSource) -> String? { source.request(query, userAgent: "ua")?.url }
        #expect(url(.nws) == "http://127.0.0.1:9/alerts/active?point=59.9139,10.7522")
        #expect(url(.brightsky) == "http://127.0.0.1:9/alerts?lat=59.9139&lon=10.7522")
        #expect(url(.metalerts) == "http://127.0.0.1:9/current.json?lat=59.9139&lon=10.7522&lang=no")
        #expect(
            WarningSource.nws.request(query, userAgent: "ua")?.headers.map(\.value) == ["ua", "application/geo+json"])
        #expect(url(.meteoalarm) == nil && url(.openweathermap) == nil)
        query.country = "norway"
        query.region = "NO101"
        #expect(url(.meteoalarm) == "http://127.0.0.1:9/api/v1/warnings/feeds-norway")
        #expect(WarningSource.meteoalarm.label(query) == "meteoalarm (the norway feed)")
        query.format = "atom"
        #expect(url(.meteoalarm) == "http://127.0.0.1:9/feeds/meteoalarm-legacy-atom-norway")
        #expect(
            WarningSource.meteoalarm.request(query, userAgent: "ua")?.headers.map(\.name) == [
                "User-Agent", "Accept-Encoding",
            ])
    }
}
