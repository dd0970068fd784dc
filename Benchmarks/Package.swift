// swift-tools-version:6.1
import PackageDescription

/// weather2mqtt's benchmarks (ordo-one/benchmark): a package of its own, so the normal test
/// run never builds it. The project's modules come in through the symlinks in `Linked/`
/// (the root package exports executables only), compiled here with the same settings.
///
///     cd Benchmarks && swift package benchmark
let package = Package(
    name: "weather2mqtt-benchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"])
    ],
    targets: [
        // The project's modules, through symlinks to ../Sources.
        .systemLibrary(name: "CMosquitto", path: "Linked/CMosquitto", pkgConfig: "libmosquitto"),
        .systemLibrary(name: "CCurl", path: "Linked/CCurl", pkgConfig: "libcurl"),
        .target(name: "MQTTClient", dependencies: ["CMosquitto"], path: "Linked/MQTTClient"),
        .target(name: "HTTPClient", dependencies: ["CCurl"], path: "Linked/HTTPClient"),
        .target(name: "WeatherModel", path: "Linked/WeatherModel"),
        .target(name: "Providers", dependencies: ["WeatherModel"], path: "Linked/Providers"),
        .target(name: "Configuration", dependencies: ["WeatherModel"], path: "Linked/Configuration"),
        .systemLibrary(name: "CFreeType", path: "Linked/CFreeType", pkgConfig: "freetype2"),
        .systemLibrary(name: "CHarfBuzz", path: "Linked/CHarfBuzz", pkgConfig: "harfbuzz"),
        .systemLibrary(name: "CFontconfig", path: "Linked/CFontconfig", pkgConfig: "fontconfig"),
        .systemLibrary(name: "CZlib", path: "Linked/CZlib", pkgConfig: "zlib"),
        .target(name: "FontEngine", dependencies: ["CFreeType", "CHarfBuzz", "CFontconfig"], path: "Linked/FontEngine"),
        .target(name: "ZlibDeflate", dependencies: ["CZlib"], path: "Linked/ZlibDeflate"),
        .target(name: "Rendering", dependencies: ["WeatherModel", "FontEngine", "ZlibDeflate"], path: "Linked/Rendering"),
        .target(
            name: "Bridge",
            dependencies: ["WeatherModel", "Providers", "Configuration", "MQTTClient", "HTTPClient"],
            path: "Linked/Bridge"
        ),
        // Fixtures, loopback servers, configurations.
        .target(name: "BenchSupport", path: "Support"),
        // Pure work: decode + normalise per provider, payload encoding, an 800×480 frame.
        .executableTarget(
            name: "Pipeline",
            dependencies: [
                "BenchSupport", "WeatherModel", "Providers", "Rendering",
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/Pipeline",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // Whole refreshes against a loopback server and a real mosquitto; weatherview get.
        .executableTarget(
            name: "EndToEnd",
            dependencies: [
                "BenchSupport", "Bridge", "Configuration", "WeatherModel",
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/EndToEnd",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
