// swift-tools-version:6.1
import PackageDescription

/// weather2mqtt's benchmarks (ordo-one/benchmark): a package of its own, so the normal test
/// run never builds it. The project's modules are the root package's library products.
///
///     cd Benchmarks && swift package benchmark
let package = Package(
    name: "weather2mqtt-benchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
        .package(name: "weather2mqtt", path: ".."),
    ],
    targets: [
        // Fixtures, loopback servers, configurations.
        .target(name: "BenchSupport", path: "Support"),
        // Pure work: decode + normalise per provider, payload encoding, an 800×480 frame, discovery.
        .executableTarget(
            name: "Pipeline",
            dependencies: [
                "BenchSupport", project("WeatherModel"), project("WireContract"), project("Providers"),
                project("Rendering"), project("PanelFrames"), project("HomeAssistant"), project("Configuration"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/Pipeline",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // Whole refreshes against a loopback server and a real mosquitto; weatherview get.
        .executableTarget(
            name: "EndToEnd",
            dependencies: [
                "BenchSupport", project("Bridge"), project("Configuration"), project("WeatherModel"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/EndToEnd",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)

/// A library product of the root package.
func project(_ name: String) -> Target.Dependency { .product(name: name, package: "weather2mqtt") }
