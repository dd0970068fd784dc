// swift-tools-version:6.0
import PackageDescription

/// weather2mqtt: a weather bridge (providers -> normalised schema -> retained MQTT topics)
/// and `weatherview`, its subscriber CLI. C libraries stay behind `MQTTClient`, `HTTPClient` and `YAML`;
/// `WeatherModel`, `Providers`, `Configuration` and `Rendering` are pure.
let package = Package(
    name: "weather2mqtt",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "weather2mqtt", targets: ["weather2mqtt"]),
        .executable(name: "weatherview", targets: ["weatherview"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
    ],
    targets: [
        // C at the edge: modulemap + shim.h, nothing else.
        .systemLibrary(
            name: "CMosquitto",
            pkgConfig: "libmosquitto",
            providers: [.apt(["libmosquitto-dev"])]
        ),
        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"])]
        ),
        // The only modules that import the C libraries.
        .target(name: "MQTTClient", dependencies: ["CMosquitto"]),
        .target(name: "HTTPClient", dependencies: ["CCurl"]),
        .target(name: "YAML", dependencies: ["CYAML"]),
        // Pure core: bytes in, values out.
        .target(name: "WeatherModel"),
        .target(name: "Providers", dependencies: ["WeatherModel"]),
        .target(name: "Configuration", dependencies: ["WeatherModel", "YAML"]),
        .target(name: "Rendering", dependencies: ["WeatherModel"]),
        // The service.
        .target(
            name: "Bridge",
            dependencies: ["WeatherModel", "Providers", "Configuration", "MQTTClient", "HTTPClient"]
        ),
        // Thin executables.
        .executableTarget(
            name: "weather2mqtt",
            dependencies: ["Bridge", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .executableTarget(
            name: "weatherview",
            dependencies: [
                "Rendering", "MQTTClient", "Configuration", "WeatherModel",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Tests.
        .target(name: "TestSupport", path: "Tests/TestSupport", exclude: ["fixture_server.py"]),
        .testTarget(name: "WeatherModelTests", dependencies: ["WeatherModel", "TestSupport"]),
        .testTarget(name: "ProvidersTests", dependencies: ["Providers", "TestSupport"], exclude: ["Golden"]),
        .testTarget(name: "ConfigurationTests", dependencies: ["Configuration", "YAML", "TestSupport"]),
        .testTarget(name: "MQTTClientTests", dependencies: ["MQTTClient", "TestSupport"]),
        .testTarget(name: "HTTPClientTests", dependencies: ["HTTPClient", "TestSupport"]),
        .testTarget(name: "RenderingTests", dependencies: ["Rendering", "TestSupport"], exclude: ["Golden"]),
        .testTarget(name: "WeatherviewTests", dependencies: ["weatherview", "Rendering", "TestSupport"]),
        .testTarget(
            name: "BridgeTests",
            dependencies: ["Bridge", "weather2mqtt", "weatherview", "TestSupport"]
        ),
    ]
)
