// swift-tools-version:6.0
import PackageDescription

/// libFuzzer targets for weather2mqtt's parsers: every provider decoder, the configuration
/// loader, the JSON parser and weatherview's payload decoder.
///
/// The modules under test are the root package's library products. Build and run:
/// `../.ci/fuzz.sh`, or by hand:
///
///     swift build -c release -Xswiftc -sanitize=fuzzer,address --product FuzzJSON
///     .build/release/FuzzJSON corpus/ -max_total_time=60
let fuzzTargets: [(name: String, dependencies: [Target.Dependency])] = [
    ("FuzzOpenMeteo", [project("Providers")]),
    ("FuzzOpenWeatherMapOneCall", [project("Providers")]),
    ("FuzzOpenWeatherMapFree", [project("Providers")]),
    ("FuzzPirateWeather", [project("Providers")]),
    ("FuzzMetNo", [project("Providers")]),
    ("FuzzNWS", [project("Providers")]),
    ("FuzzGeocoding", [project("Providers")]),
    ("FuzzConfiguration", [project("Configuration")]),
    ("FuzzJSON", []),
    ("FuzzViewModel", [project("Rendering"), project("WireContract")]),
]

/// A library product of the root package.
func project(_ name: String) -> Target.Dependency { .product(name: name, package: "weather2mqtt") }

let package = Package(
    name: "weather2mqtt-fuzz",
    platforms: [.macOS(.v15)],
    products: fuzzTargets.map { .executable(name: $0.name, targets: [$0.name]) },
    dependencies: [.package(name: "weather2mqtt", path: "..")],
    targets: [
        // libFuzzer's driver, declared for Swift (the library comes with `-sanitize=fuzzer`).
        .systemLibrary(name: "CLibFuzzer"),
        // What every fuzz target shares: the libFuzzer entry point and the bridge's publish path.
        .target(name: "FuzzSupport", dependencies: ["CLibFuzzer", project("WeatherModel"), project("WireContract")]),
    ]
        + fuzzTargets.map { target in
            // No Swift `main`: libFuzzer drives the program (see FuzzDriver).
            .executableTarget(
                name: target.name, dependencies: ["FuzzSupport", project("WeatherModel")] + target.dependencies,
                swiftSettings: [.unsafeFlags(["-parse-as-library"])])
        }
)
