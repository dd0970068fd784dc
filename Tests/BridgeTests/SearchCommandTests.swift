import Foundation
import TestSupport
import Testing

@Suite("weather2mqtt search")
struct SearchCommandTests {
    static func config(_ server: FixtureServer, _ folder: TemporaryFolder) -> String {
        folder.write(
            "config.yaml",
            """
            state_dir: \(folder.path)
            providers:
              open-meteo: { geocoding_url: \(server.baseURL) }
            locations:
              - { id: home, latitude: 52.52, longitude: 13.405 }
            """)
    }

    @Test("candidates with coordinates, country, zone and a ready locations: entry")
    func results() throws {
        let server = try FixtureServer.start()
        let folder = TemporaryFolder()
        try server.route(
            "/v1/search", [.file(TestPaths.fixture("open-meteo", "geocoding_search_berlin_docs_example.json"))])
        let result = try BridgeProcess.run(["search", "Berlin", "--config", Self.config(server, folder)])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.contains("Berlin"))
        #expect(result.stdout.contains("Europe/Berlin"))
        #expect(result.stdout.contains("  - id: berlin"))
        #expect(result.stdout.contains("latitude: 52.5244"))
        let request = try #require(try server.requests().first)
        #expect(request.query.contains("name=Berlin"))
        #expect(request.query.contains("count=5"))
    }

    @Test("no results is an answer, not an error")
    func noResults() throws {
        let server = try FixtureServer.start()
        let folder = TemporaryFolder()
        try server.route(
            "/v1/search", [.file(TestPaths.fixture("open-meteo", "geocoding_search_no_results_constructed.json"))])
        let result = try BridgeProcess.run(["search", "Xyzzyville", "--config", Self.config(server, folder)])
        #expect(result.status == 0)
        #expect(result.stdout.contains("No places found"))
    }

    @Test("an error body is a clear error with exit 69")
    func errorBody() throws {
        let server = try FixtureServer.start()
        let folder = TemporaryFolder()
        try server.route(
            "/v1/search",
            [.file(TestPaths.fixture("open-meteo", "error_400_geocoding_count_docs_example.json"), status: 400)])
        let result = try BridgeProcess.run(["search", "Berlin", "--config", Self.config(server, folder)])
        #expect(result.status == 69)
        #expect(result.stderr.contains("search failed"))
    }
}
