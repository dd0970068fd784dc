import FuzzSupport
import WeatherModel

/// Any bytes through the JSON parser; what it accepts must write back as JSON that parses.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = FuzzInput.bytes(data, size)
    if let value = try? JSONParser.parse(input) {
        Publish.requireValidJSON(value)
        _ = value.prettyPrinted()
    }
    _ = try? JSONParser(maxDepth: 4).parse(input)
    return 0
}

@_cdecl("FuzzJSON_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzDriver.run(argc, argv, fuzzOneInput)
}
