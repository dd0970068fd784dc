// swift-tools-version:6.0
import PackageDescription

/// weather2mqtt: a weather bridge (providers -> normalised schema -> retained MQTT topics)
/// and `weatherview`, its subscriber CLI. C libraries stay behind `MQTTClient`, `HTTPClient`, `YAML`,
/// `FontEngine` (FreeType, HarfBuzz, fontconfig) and `ZlibDeflate`; `WeatherModel`, `ProviderFacts`,
/// `Providers`, `Configuration` and `HomeAssistant` are pure, and `Rendering` reaches fonts and zlib
/// only through those two; `PanelFrames` is the finished frame (levels, colours, rotation) that `Rendering`
/// makes and `PanelDriver` sends, so the driver links no layouts or fonts. `ConfigurationCore` and
/// `HomeAssistantCore` are the halves both executables share, so `weatherview` links no station, location
/// or provider code. docs/ARCHITECTURE.md draws the modules and their arrows.
/// How the shipped executables are linked (release builds; `deploy/link/README.md` has the figures):
/// lld with packed relative relocations and no exported symbols, and the functions the bridge runs in a
/// refresh (`deploy/link/weather2mqtt.order`) and `weatherview serve` runs (`deploy/link/weatherview.order`)
/// placed together (both written by `Benchmarks/scripts/orderfile.py`), so the pages of code they keep
/// resident are fewer; the C++ runtime
/// the static Swift runtime needs is linked from `libstdc++.a` (`deploy/link/static-libstdc++`), so
/// `libstdc++.so` and its relocations are not loaded.
let packageFolder = String(#filePath.dropLast("/Package.swift".count))
let releaseLinking = [
    "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs", "-Xlinker", "--no-export-dynamic",
    "-L\(packageFolder)/deploy/link/static-libstdc++",
]
/// Each executable's order file: the functions it runs placed together (`Benchmarks/scripts/orderfile.py`).
func ordered(_ name: String) -> [String] {
    releaseLinking + [
        "-Xlinker", "--symbol-ordering-file=\(packageFolder)/deploy/link/\(name).order",
        "-Xlinker", "--no-warn-symbol-ordering",
    ]
}
let bridgeLinking = ordered("weather2mqtt")
/// Where Debian keeps the font stack's headers (`pkg-config --cflags freetype2 harfbuzz`): the
/// system-library targets take no pkgConfig, whose libraries would be linked (FontLibraries).
let fontHeaders = ["-I/usr/include/freetype2", "-I/usr/include/harfbuzz"]
let fontHeadersForSwift = fontHeaders.flatMap { ["-Xcc", $0] }
/// The symbols the bridge exports: GnuTLS's constructor looks the first up (`HTTPClient/GnuTLSUnused.swift`);
/// the second answers libmicrohttpd's constructor when an HTTP station's listener opens it (`CMicroHTTPD`).
let bridgeExports = [
    "-Xlinker", "--export-dynamic-symbol=_gnutls_global_init_skip",
    "-Xlinker", "--export-dynamic-symbol=gnutls_global_init",
]

let package = Package(
    name: "weather2mqtt",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "weather2mqtt", targets: ["weather2mqtt"]),
        .executable(name: "weatherview", targets: ["weatherview"]),
        // The modules, for the Fuzz/ and Benchmarks/ packages (and anyone embedding them).
        .library(name: "WireContract", targets: ["WireContract"]),
        .library(name: "WeatherModel", targets: ["WeatherModel"]),
        .library(name: "Providers", targets: ["Providers"]),
        .library(name: "Stations", targets: ["Stations"]),
        .library(name: "ConfigurationCore", targets: ["ConfigurationCore"]),
        .library(name: "Configuration", targets: ["Configuration"]),
        .library(name: "Rendering", targets: ["Rendering"]),
        .library(name: "MQTTClient", targets: ["MQTTClient"]),
        .library(name: "HTTPClient", targets: ["HTTPClient"]),
        .library(name: "HTTPServer", targets: ["HTTPServer"]),
        .library(name: "StationListeners", targets: ["StationListeners"]),
        .library(name: "HomeAssistantCore", targets: ["HomeAssistantCore"]),
        .library(name: "HomeAssistant", targets: ["HomeAssistant"]),
        .library(name: "Bridge", targets: ["Bridge"]),
        .library(name: "Viewer", targets: ["Viewer"]),
        // For the PNG decoder's fuzz target (Fuzz/).
        .library(name: "PanelFrames", targets: ["PanelFrames"]),
        .library(name: "PanelDriver", targets: ["PanelDriver"]),
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
        .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
        // The font stack's headers only: its libraries are opened on first use (FontLibraries), so
        // nothing links them (no pkgConfig, no `link` in the module maps).
        .systemLibrary(name: "CFreeType", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CHarfBuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFontconfig", providers: [.apt(["libfontconfig-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // spidev and GPIO character-device ioctls (kernel headers only, nothing linked).
        .systemLibrary(name: "CLinuxIO", providers: [.apt(["linux-libc-dev"])]),
        // The only modules that import the C libraries.
        .target(name: "MQTTClient", dependencies: ["CMosquitto"]),
        .target(name: "HTTPClient", dependencies: ["CCurl"]),
        .target(name: "YAML", dependencies: ["CYAML"]),
        // Stations' pushes (HTTP, libmicrohttpd) and broadcasts (UDP) received, copied and handed on.
        // libmicrohttpd (Debian's libmicrohttpd-dev) is opened by CMicroHTTPD on first use, not linked:
        // loading it initialises GnuTLS. DWARF 4 for valgrind, as FontLibraries.
        .target(
            name: "CMicroHTTPD", cSettings: [.unsafeFlags(["-gdwarf-4"])], linkerSettings: [.linkedLibrary("dl")]),
        // The one HTTP server (libmicrohttpd's only importer): budgets, limits, deadlines and
        // connections; a handler turns a request value into a response value.
        .target(name: "HTTPServer", dependencies: ["CMicroHTTPD", "SystemIO"]),
        .target(name: "StationListeners", dependencies: ["HTTPServer", "WeatherModel"]),
        // Text for the e-ink frames: fonts found by fontconfig, shaped by HarfBuzz, rasterised by FreeType.
        .target(
            name: "FontEngine", dependencies: ["CFreeType", "CHarfBuzz", "CFontconfig", "FontLibraries"],
            swiftSettings: [.unsafeFlags(fontHeadersForSwift)]),
        // FreeType, HarfBuzz and fontconfig loaded on FontEngine's first use, not at every start.
        .target(
            name: "FontLibraries", dependencies: ["CFreeType", "CHarfBuzz", "CFontconfig"],
            // DWARF 4 as the Swift objects have: Debian 12's valgrind cannot read clang's DWARF 5 for C.
            cSettings: [.unsafeFlags(fontHeaders + ["-gdwarf-4"])], linkerSettings: [.linkedLibrary("dl")]),
        // PNG's compression.
        .target(name: "ZlibDeflate", dependencies: ["CZlib"]),
        // The outside of the product (SPEC): topic names built and parsed, the location id rule,
        // exit codes. Bridge, weatherview and their tests all read it from here.
        .target(name: "WireContract", dependencies: ["WeatherModel"]),
        // The libc file plumbing written once: whole writes, bounded reads, atomic replacement.
        .target(name: "SystemIO"),
        // Pure core: bytes in, values out (zones read from the tz database through SystemIO).
        .target(name: "WeatherModel", dependencies: ["SystemIO"]),
        // What each provider and warning source is (name, default URLs, attribution, interval, budget,
        // cadence): the one lists, read by Configuration without any decoder.
        .target(name: "ProviderFacts"),
        .target(name: "Providers", dependencies: ["WeatherModel", "ProviderFacts"]),
        // Pure: a weather station's pushes, datagrams and messages -> honest readings, rain today, blending.
        .target(name: "Stations", dependencies: ["WeatherModel", "WireContract"]),
        // The configuration file's reader (YAML, `${NAME}`, `!secret`, `*_file`), its errors, and the
        // sections both executables read: `mqtt:`, `homeassistant:`, `displays:`, `onecall:`.
        .target(name: "ConfigurationCore", dependencies: ["WeatherModel", "WireContract", "YAML", "SystemIO"]),
        // The bridge's whole file on top of it: `locations:`, `providers:`, `stations:`, checked together
        // (re-exports ConfigurationCore).
        .target(
            name: "Configuration",
            dependencies: [
                "ConfigurationCore", "WeatherModel", "WireContract", "YAML", "ProviderFacts", "Stations", "SystemIO",
            ]),
        .target(name: "PanelFrames"),
        .target(
            name: "Rendering",
            dependencies: ["PanelFrames", "WeatherModel", "WireContract", "FontEngine", "ZlibDeflate"]),
        // E-paper panels on SPI and GPIO: panel tables, frame packing, the Linux and recording backends.
        .target(name: "PanelDriver", dependencies: ["PanelFrames", "ZlibDeflate", "SystemIO", "CLinuxIO"]),
        // Pure: what both executables tell Home Assistant — the origin, the birth protocol and its
        // coalescer, ids, the removal order, `serve`'s display and image devices.
        .target(name: "HomeAssistantCore", dependencies: ["WeatherModel", "WireContract"]),
        // Pure: what the bridge tells Home Assistant — each location's and station's discovery document
        // and their cleanup, the template weather entity, units — built from the configuration and the
        // payloads' values (re-exports HomeAssistantCore).
        .target(
            name: "HomeAssistant",
            dependencies: ["HomeAssistantCore", "Configuration", "ProviderFacts", "WeatherModel", "WireContract"]),
        // The service: the feeds, the actor that executes them, state files, `check` and `fetch`.
        .target(
            name: "Bridge",
            dependencies: [
                "WeatherModel", "WireContract", "Providers", "ProviderFacts", "Configuration", "HomeAssistant",
                "MQTTClient", "HTTPClient", "SystemIO", "Stations", "StationListeners",
            ]
        ),
        // The viewer's work: a broker session that waits on events, and each command's logic.
        .target(
            name: "Viewer",
            dependencies: [
                "Rendering", "PanelFrames", "PanelDriver", "MQTTClient", "ConfigurationCore", "WeatherModel",
                "WireContract", "SystemIO",
                "HTTPServer", "HomeAssistantCore",
            ]
        ),
        // Thin executables.
        .executableTarget(
            name: "weather2mqtt",
            dependencies: [
                "Bridge", "HomeAssistant", "WireContract", "Configuration", "Providers", "WeatherModel", "SystemIO",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            linkerSettings: [
                .unsafeFlags(bridgeExports, .when(platforms: [.linux])),
                .unsafeFlags(bridgeLinking, .when(platforms: [.linux], configuration: .release)),
            ]
        ),
        .executableTarget(
            name: "weatherview",
            dependencies: [
                "Viewer", "WireContract", "SystemIO",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            linkerSettings: [
                // `serve` opens libmicrohttpd: CMicroHTTPD's gnutls_global_init answers its constructor.
                .unsafeFlags(["-Xlinker", "--export-dynamic-symbol=gnutls_global_init"], .when(platforms: [.linux])),
                .unsafeFlags(ordered("weatherview"), .when(platforms: [.linux], configuration: .release)),
            ]
        ),
        // Tests.
        .target(name: "TestSupport", path: "Tests/TestSupport", exclude: ["fixture_server.py"]),
        .testTarget(name: "WireContractTests", dependencies: ["WireContract", "WeatherModel"]),
        .testTarget(name: "SystemIOTests", dependencies: ["SystemIO"]),
        .testTarget(name: "ProviderFactsTests", dependencies: ["ProviderFacts", "Providers"]),
        .testTarget(name: "WeatherModelTests", dependencies: ["WeatherModel", "WireContract", "TestSupport"]),
        .testTarget(
            name: "ProvidersTests", dependencies: ["Providers", "ProviderFacts", "WireContract", "TestSupport"],
            exclude: ["Golden"]),
        .testTarget(name: "StationsTests", dependencies: ["Stations", "WeatherModel", "TestSupport"]),
        .testTarget(
            name: "ConfigurationTests",
            dependencies: ["Configuration", "ConfigurationCore", "YAML", "Stations", "SystemIO", "TestSupport"]),
        .testTarget(name: "MQTTClientTests", dependencies: ["MQTTClient", "TestSupport"]),
        .testTarget(name: "HTTPClientTests", dependencies: ["HTTPClient", "TestSupport"]),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "TestSupport"]),
        .testTarget(
            name: "StationListenersTests",
            dependencies: ["StationListeners", "HTTPServer", "WeatherModel", "TestSupport"]),
        .testTarget(
            name: "FontEngineTests", dependencies: ["FontEngine"],
            swiftSettings: [.unsafeFlags(fontHeadersForSwift)]),
        .testTarget(
            name: "RenderingTests",
            dependencies: ["Rendering", "PanelFrames", "WireContract", "FontEngine", "ZlibDeflate", "TestSupport"],
            exclude: ["Golden"]),
        .testTarget(
            name: "ViewerTests",
            dependencies: [
                "Viewer", "HTTPServer", "Rendering", "ConfigurationCore", "HomeAssistantCore", "WireContract",
                "WeatherModel", "TestSupport",
            ]),
        .testTarget(
            name: "PanelDriverTests",
            dependencies: ["PanelDriver", "PanelFrames", "Rendering", "ZlibDeflate", "TestSupport", "weatherview"],
            exclude: ["Golden"]),
        .testTarget(
            name: "WeatherviewTests",
            dependencies: ["weatherview", "Rendering", "PanelFrames", "WireContract", "TestSupport"]),
        .testTarget(
            name: "HomeAssistantTests",
            dependencies: [
                "HomeAssistant", "HomeAssistantCore", "Configuration", "Stations", "WeatherModel", "WireContract",
                "TestSupport",
            ]),
        .testTarget(
            name: "BridgeTests",
            dependencies: ["Bridge", "HomeAssistant", "SystemIO", "weather2mqtt", "weatherview", "TestSupport"]
        ),
    ]
)
