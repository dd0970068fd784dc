// swift-tools-version:6.0
import PackageDescription

/// libFuzzer targets for weather2mqtt's parsers: every provider decoder, the configuration
/// loader, the JSON parser and weatherview's payload decoder.
///
/// The pure modules are the root package's own sources, reached through the symlinks in
/// `Sources/` (SwiftPM refuses target paths outside a package, and the root package exports
/// executables only). Build and run: `../.ci/fuzz.sh`, or by hand:
///
///     swift build -c release -Xswiftc -sanitize=fuzzer,address --product FuzzJSON
///     .build/release/FuzzJSON corpus/ -max_total_time=60
let fuzzTargets: [(name: String, dependencies: [Target.Dependency])] = [
    ("FuzzOpenMeteo", ["Providers"]),
    ("FuzzOpenWeatherMapOneCall", ["Providers"]),
    ("FuzzOpenWeatherMapFree", ["Providers"]),
    ("FuzzPirateWeather", ["Providers"]),
    ("FuzzMetNo", ["Providers"]),
    ("FuzzNWS", ["Providers"]),
    ("FuzzGeocoding", ["Providers"]),
    ("FuzzConfiguration", ["Configuration"]),
    ("FuzzJSON", []),
    ("FuzzViewModel", ["Rendering"]),
]

let package = Package(
    name: "weather2mqtt-fuzz",
    platforms: [.macOS(.v15)],
    products: fuzzTargets.map { .executable(name: $0.name, targets: [$0.name]) },
    targets: [
        // The root package's pure modules (symlinked sources, same dependencies as there).
        .target(name: "WeatherModel"),
        .target(name: "Providers", dependencies: ["WeatherModel"]),
        .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
        .target(name: "YAML", dependencies: ["CYAML"]),
        .target(name: "Configuration", dependencies: ["WeatherModel", "YAML"]),
        .target(name: "Rendering", dependencies: ["WeatherModel"]),
        // libFuzzer's driver, declared for Swift (the library comes with `-sanitize=fuzzer`).
        .systemLibrary(name: "CLibFuzzer"),
        // What every fuzz target shares: the libFuzzer entry point and the bridge's publish path.
        .target(name: "FuzzSupport", dependencies: ["CLibFuzzer", "WeatherModel"]),
    ]
        + fuzzTargets.map { target in
            // No Swift `main`: libFuzzer drives the program (see FuzzDriver).
            .executableTarget(
                name: target.name, dependencies: ["FuzzSupport", "WeatherModel"] + target.dependencies,
                swiftSettings: [.unsafeFlags(["-parse-as-library"])])
        }
)
