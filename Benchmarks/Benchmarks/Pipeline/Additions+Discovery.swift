import Benchmark
import Configuration
import HomeAssistant
import WeatherModel

/// The Home Assistant discovery document of one location (SPEC: one device, every component),
/// as the bridge publishes it on `homeassistant/device/…/config`, with the air quality
/// sensors on (the largest document).
func discoveryBenchmarks() {
    var location = LocationSettings(id: "berlin", name: "Berlin", latitude: 52.52, longitude: 13.405)
    location.airQuality = true
    let configuration = BridgeConfiguration(locations: [location])
    Benchmark("Home Assistant discovery document (one location, air quality on)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(
                Discovery.payload(for: configuration.locations[0], provider: "open-meteo", configuration: configuration)
                    .utf8Bytes)
        }
    }
}
