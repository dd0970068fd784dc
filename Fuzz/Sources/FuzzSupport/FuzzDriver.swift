import CLibFuzzer

/// The function libFuzzer calls with every input: `LLVMFuzzerTestOneInput`'s signature.
public typealias FuzzCallback = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

/// Starts libFuzzer from a target's entry point.
///
/// A fuzz target is an executable target built with `-parse-as-library`, so Swift emits no
/// `main`; SwiftPM links the program's `main` to `<Target>_main`, which each target defines
/// with `@_cdecl` and hands to `run`. The callback is also exported as
/// `LLVMFuzzerTestOneInput`, so the usual libFuzzer tooling finds it.
public enum FuzzDriver {
    public static func run(
        _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ callback: FuzzCallback
    ) -> CInt {
        var count = argc
        var arguments = argv
        return LLVMFuzzerRunDriver(&count, &arguments, callback)
    }
}

/// Turning libFuzzer's input into what the parsers take.
public enum FuzzInput {
    /// The input as bytes.
    public static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
        guard let data, size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }

    /// The input cut at NUL bytes into at most `count` parts (the last one keeps any further
    /// NULs): how targets that read several documents get them from one input.
    public static func parts(_ bytes: [UInt8], count: Int) -> [[UInt8]] {
        var result: [[UInt8]] = []
        var rest = bytes[...]
        while result.count < count - 1, let nul = rest.firstIndex(of: 0) {
            result.append(Array(rest[..<nul]))
            rest = rest[(nul + 1)...]
        }
        result.append(Array(rest))
        return result
    }
}
