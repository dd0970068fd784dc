import FuzzSupport

/// A target that is one closure: it calls `FuzzBody.run` from its `<Target>_main` with what to
/// do with each input's bytes. This module defines the `LLVMFuzzerTestOneInput` that libFuzzer
/// calls (its `main` needs the symbol) and hands every input to that closure, so a target of one
/// decoder says only which decoder. (The older targets define their own entry point and do not
/// link this module.)
public enum FuzzBody {
    /// Starts libFuzzer with `body` called on every input's bytes.
    public static func run(
        _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ body: @escaping ([UInt8]) -> Void
    ) -> CInt {
        current = body
        return FuzzDriver.run(argc, argv, fuzzOneInput)
    }

    /// Set once, before libFuzzer starts, and read on its one thread: a C callback captures nothing.
    nonisolated(unsafe) static var current: (([UInt8]) -> Void)?
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzBody.current?(FuzzInput.bytes(data, size))
    return 0
}
