// swift-tools-version:6.0
import PackageDescription

/// libFuzzer targets for weather2mqtt's parsers: every provider decoder, every station decoder
/// (what anyone on the LAN can send), every warning decoder, the configuration loader, the JSON
/// parser, weatherview's payload decoder and the PNG decoder (the user's files).
///
/// The modules under test are the root package's library products. Build and run:
/// `../.ci/fuzz.sh`, or by hand:
///
///     swift build -c release -Xswiftc -sanitize=fuzzer,address --product FuzzJSON
///     .build/release/FuzzJSON corpus/ -max_total_time=60
/// `closure`: the target is one closure that `FuzzBody` runs (else it defines its own entry point).
let fuzzTargets: [(name: String, dependencies: [Target.Dependency], closure: Bool)] = [
    ("FuzzOpenMeteo", [project("Providers")], false),
    ("FuzzOpenWeatherMapOneCall", [project("Providers")], false),
    ("FuzzOpenWeatherMapFree", [project("Providers")], false),
    ("FuzzPirateWeather", [project("Providers")], false),
    ("FuzzMetNo", [project("Providers")], false),
    ("FuzzNWS", [project("Providers")], false),
    ("FuzzGeocoding", [project("Providers")], false),
    ("FuzzConfiguration", [project("Configuration")], false),
    ("FuzzJSON", [], false),
    ("FuzzViewModel", [project("Rendering"), project("WireContract")], false),
    ("FuzzPushDecoder", [project("Stations")], true),
    ("FuzzWundergroundDecoder", [project("Stations")], true),
    ("FuzzEcowittLiveData", [project("Stations")], true),
    ("FuzzRTL433", [project("Stations")], true),
    ("FuzzTempest", [project("Stations")], true),
    ("FuzzWeatherLink", [project("Stations")], true),
    ("FuzzWeewx", [project("Stations")], true),
    ("FuzzGenericMQTT", [project("Stations")], true),
    ("FuzzBrightSkyAlerts", [project("Providers")], true),
    ("FuzzMetAlerts", [project("Providers")], true),
    ("FuzzMeteoAlarmJSON", [project("Providers")], true),
    ("FuzzMeteoAlarmAtom", [project("Providers")], true),
    ("FuzzOneCallAlertDetail", [project("Providers")], true),
    ("FuzzPNG", [project("PanelDriver")], true),
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
        // The entry point of the targets that are one closure (the station, warning and PNG decoders').
        .target(name: "FuzzBody", dependencies: ["FuzzSupport"]),
        .target(
            name: "FuzzSupport",
            dependencies: [
                "CLibFuzzer", project("WeatherModel"), project("WireContract"), project("Stations"),
                project("Providers"),
            ]),
    ]
        + fuzzTargets.map { target in
            // No Swift `main`: libFuzzer drives the program (see FuzzDriver).
            .executableTarget(
                name: target.name,
                dependencies: ["FuzzSupport", project("WeatherModel")] + target.dependencies
                    + (target.closure ? ["FuzzBody"] : []),
                swiftSettings: [.unsafeFlags(["-parse-as-library"])])
        }
)
