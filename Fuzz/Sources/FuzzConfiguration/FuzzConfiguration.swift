import Configuration
import FuzzSupport

/// A configuration file, validated as `weather2mqtt check` does (every `*_file` reads as a secret,
/// except paths ending in `missing`; `secrets.yaml` holds two secrets for `!secret`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = FuzzInput.bytes(data, size)
    let text = String(decoding: input, as: UTF8.self)
    _ = try? ConfigurationLoader.parse(text, path: "fuzz.yaml", environment: environment) { path in
        if path.hasSuffix("secrets.yaml") { return "mqtt_password: pw-secret\nkey: 0123456789abcdef\n" }
        return path.hasSuffix("missing") ? nil : "secret-from-\(path.count)\n"
    }
    return 0
}

@_cdecl("FuzzConfiguration_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzDriver.run(argc, argv, fuzzOneInput)
}

/// Variables the example configurations use.
let environment = [
    "MQTT_PASSWORD": "mqtt-password", "OWM_API_KEY": "0123456789abcdef", "OPENWEATHERMAP_API_KEY": "0123456789abcdef",
    "PIRATE_WEATHER_KEY": "pirate-key", "HOME": "/root", "EMPTY": "",
]
