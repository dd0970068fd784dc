import Foundation
import Providers
import TestSupport
import Testing
import WeatherModel

@Suite("Open-Meteo geocoding")
struct GeocodingTests {
    static let recordings = Fixtures.files("open-meteo").filter { $0.hasPrefix("geocoding_") }

    static func json(_ places: [Place]) -> String {
        let value = JSONValue.array(
            places.map { place in
                [
                    "name": .string(place.name), "latitude": .number(place.latitude),
                    "longitude": .number(place.longitude), "country": JSONValue(place.country),
                    "country_code": JSONValue(place.countryCode), "admin1": JSONValue(place.admin1),
                    "timezone": JSONValue(place.timezone), "population": JSONValue(place.population),
                    "elevation": JSONValue(place.elevation), "geoname_id": JSONValue(place.geonameID),
                    "location_id": .string(place.locationID), "yaml_entry": .string(place.yamlEntry),
                ]
            })
        return value.prettyPrinted() + "\n"
    }

    @Test("recordings match their golden places", arguments: recordings)
    func golden(file: String) throws {
        let places = try OpenMeteoGeocoding.decode(Fixtures.bytes("open-meteo", file))
        #expect(Golden.check(Self.json(places), "ProvidersTests/Golden/geocoding/" + file) == nil)
    }

    @Test("Berlin checked by hand: a ready locations: entry")
    func berlin() throws {
        let places = try OpenMeteoGeocoding.decode(
            Fixtures.bytes("open-meteo", "geocoding_search_berlin_docs_example.json"))
        let berlin = try #require(places.first)
        // results[0]: Berlin 52.52437 13.41053, DE "Deutschland", Europe/Berlin, 3426354 people, 74 m.
        #expect(places.count == 1)
        #expect(berlin.name == "Berlin")
        #expect(berlin.countryCode == "DE")
        #expect(berlin.country == "Deutschland")
        #expect(berlin.admin1 == "Berlin")
        #expect(berlin.population == 3_426_354)
        #expect(berlin.elevation == 74)
        #expect(berlin.timezone == "Europe/Berlin")
        #expect(
            berlin.yamlEntry
                == "  - id: berlin\n    name: Berlin\n    latitude: 52.5244\n    longitude: 13.4105\n    timezone: Europe/Berlin\n    elevation: 74\n"
        )
    }

    @Test("no `results` key is no match, not an error; a bare /v1/get place is one result")
    func shapes() throws {
        #expect(
            try OpenMeteoGeocoding.decode(Fixtures.bytes("open-meteo", "geocoding_search_no_results_constructed.json"))
                .isEmpty)
        let amsterdam = try OpenMeteoGeocoding.decode(
            Fixtures.bytes("open-meteo", "geocoding_get_by_id_amsterdam_trimmed.json"))
        #expect(amsterdam.map(\.name) == ["Amsterdam"])
        #expect(amsterdam.first?.admin1 == nil)
    }

    @Test("an error body is a clear error")
    func errorBody() throws {
        let body = Fixtures.bytes("open-meteo", "error_400_geocoding_count_docs_example.json")
        let reason = "Parameter count must be between 1 and 100."
        do {
            try ResponseCheck.requireSuccess(
                ProviderResponse(status: 400, body: body, receivedAt: Date()), provider: "open-meteo geocoding")
            Issue.record("no error")
        } catch {
            #expect(error.httpStatus == 400)
            #expect(error.description.contains(reason))
        }
        do {
            _ = try OpenMeteoGeocoding.decode(body)
            Issue.record("no error")
        } catch {
            #expect(error.description.contains(reason))
        }
    }

    @Test(
        "ids are safe topic segments",
        arguments: [
            ("Berlin", "berlin"), ("São Paulo", "sao-paulo"), ("Frankfurt am Main", "frankfurt-am-main"),
            ("Kraków", "krakow"), ("Saint-Étienne", "saint-etienne"), ("Düsseldorf", "dusseldorf"),
            ("’s-Hertogenbosch", "s-hertogenbosch"), ("Washington, D.C.", "washington-d-c"),
            ("Ærøskøbing", "aeroskobing"),
        ])
    func ids(name: String, id: String) {
        #expect(Place(name: name, latitude: 0, longitude: 0).locationID == id)
    }

    @Test("names that are not plain YAML are quoted; names without Latin letters get a GeoNames id")
    func yamlSafety() {
        let moscow = Place(name: "Москва", latitude: 55.75222, longitude: 37.61556, geonameID: 524_901)
        #expect(moscow.locationID == "place-524901")
        #expect(moscow.yamlEntry.contains("    name: Москва\n"))
        #expect(Place(name: "No", latitude: 0, longitude: 0).yamlEntry.contains("name: \"No\"\n"))
        #expect(Place(name: "A: B #c", latitude: 0, longitude: 0).yamlEntry.contains("name: \"A: B #c\"\n"))
        #expect(Place(name: "Say \"hi\"", latitude: 0, longitude: 0).yamlEntry.contains(#"name: "Say \"hi\"""#))
        #expect(Place(name: String(repeating: "a", count: 100), latitude: 0, longitude: 0).locationID.count == 64)
        // Negative coordinates keep their sign and 4 decimals.
        #expect(
            Place(name: "Lima", latitude: -12.04318, longitude: -77.02824).yamlEntry.contains("latitude: -12.0432\n"))
    }

    @Test("search: the request, the count kept within 1…100, the answer decoded")
    func search() async throws {
        let geocoding = OpenMeteoGeocoding(baseURL: "http://127.0.0.1:9/", userAgent: CatalogTests.userAgent)
        #expect(
            geocoding.request(query: " São Paulo ", count: 5).url
                == "http://127.0.0.1:9/v1/search?name=S%C3%A3o%20Paulo&count=5&language=en&format=json")
        #expect(geocoding.request(query: "x", count: 1000).url.contains("count=100&"))
        #expect(geocoding.request(query: "x", count: 0).url.contains("count=1&"))
        #expect(OpenMeteoGeocoding(baseURL: "", userAgent: "x").baseURL == "https://geocoding-api.open-meteo.com")

        let transport = FixtureTransport()
        await transport.serve(
            "/v1/search", body: Fixtures.bytes("open-meteo", "geocoding_search_berlin_docs_example.json"))
        let places = try await geocoding.search("Berlin", count: 3, transport: transport)
        #expect(places.map(\.name) == ["Berlin"])
        #expect(await transport.sent.first?.header("User-Agent") == CatalogTests.userAgent)
    }

    @Test(
        "hostile bodies are errors, never crashes",
        arguments: [
            "", "<html>", "{", "[]", "{\"results\":7}", "{\"error\":true}", String(repeating: "[", count: 10000),
        ])
    func hostile(body: String) {
        #expect(throws: ProviderError.self) { _ = try OpenMeteoGeocoding.decode(Array(body.utf8)) }
    }

    @Test("entries without a name or with impossible coordinates are skipped")
    func skipped() throws {
        let body =
            #"{"results":[{"name":"A","latitude":91,"longitude":0},{"latitude":1,"longitude":1},{"name":"B","latitude":"1","longitude":2},{"name":"C","latitude":1,"longitude":2,"population":"many"}]}"#
        let places = try OpenMeteoGeocoding.decode(Array(body.utf8))
        #expect(places.map(\.name) == ["C"])
        #expect(places.first?.population == nil)
    }
}
