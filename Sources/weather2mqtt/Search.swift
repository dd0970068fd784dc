import ArgumentParser
import Bridge
import Configuration
import Providers
import WeatherModel
import WireContract

struct Search: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Find a place (Open-Meteo geocoding) and print a ready `locations:` entry.")

    @Argument(help: "Place name, e.g. \"Berlin\" or \"Springfield, Illinois\".")
    var query: String

    @Option(help: "How many candidates to show (1–100).")
    var count = 5

    @Option(name: .long, help: "Configuration file, for providers.open-meteo.geocoding_url (optional).")
    var config: String?

    func validate() throws {
        guard (1...100).contains(count) else { throw ValidationError("--count must be between 1 and 100") }
        guard !query.trimmingSpaces().isEmpty else { throw ValidationError("the query is empty") }
    }

    func run() async throws {
        var geocodingURL = OpenMeteoGeocoding.defaultBaseURL
        var contact: String?
        if let path = config ?? ProcessEnvironment.value("WEATHER2MQTT_CONFIG") {
            let setup = try BridgeSetup.loadOrExit(configPath: path)
            geocodingURL = setup.configuration.provider("open-meteo")?.geocodingURL ?? geocodingURL
            contact = setup.configuration.contact
        }
        let clock: BridgeClock
        switch BridgeClock.fromEnvironment() {
        case .success(let value): clock = value
        case .failure(let error):
            printError(error.message)
            throw ArgumentParser.ExitCode(WireContract.ExitCode.usage)
        }
        let geocoding = OpenMeteoGeocoding(baseURL: geocodingURL, userAgent: BridgeVersion.userAgent(contact: contact))
        let places: [Place]
        do {
            places = try await geocoding.search(query, count: count, transport: HTTPTransport(clock: clock))
        } catch {
            printError("search failed: \(error.description)")
            throw ArgumentParser.ExitCode(WireContract.ExitCode.forProviderError(error))
        }
        if places.isEmpty {
            print("No places found for \"\(query)\".")
            return
        }
        for (index, place) in places.enumerated() {
            let area = [place.admin1, place.country].compactMap { $0 }.joined(separator: ", ")
            var facts = ["\(place.latitude), \(place.longitude)"]
            if let zone = place.timezone { facts.append(zone) }
            if let population = place.population, population > 0 { facts.append("population \(population)") }
            print("\(index + 1). \(place.name)\(area.isEmpty ? "" : ", " + area) (\(facts.joined(separator: "; ")))")
            print("locations:")
            print(place.yamlEntry)
        }
    }
}
