import CZlib

/// zlib (RFC 1950/1951) for PNG: the only module that imports `CZlib`.
///
/// zlib is already in every weatherview process (libcurl links it), so PNG's compression costs
/// no new library on the box. Pure functions; safe from any thread.
public enum Zlib {
    /// `input` as a zlib stream (header, DEFLATE data, Adler-32) at `level` (0 stored … 9 best;
    /// 6 is zlib's default balance of speed and size).
    public static func compress(_ input: [UInt8], level: Int32 = 6) -> [UInt8] {
        var bound = compressBound(uLong(input.count))
        var output = [UInt8](repeating: 0, count: Int(bound))
        let status = input.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                compress2(target.baseAddress, &bound, source.baseAddress, uLong(source.count), level)
            }
        }
        // compressBound is zlib's own promise of room enough, and the level is ours: any
        // failure here is a programming error, not bad input.
        precondition(status == Z_OK, "zlib compress2 failed with \(status)")
        output.removeSubrange(Int(bound)...)
        return output
    }

    /// The CRC-32 of `bytes` (ISO-HDLC, as PNG chunks use), continuing from `crc`.
    public static func crc32(_ bytes: [UInt8], continuing crc: UInt32 = 0) -> UInt32 {
        bytes.withUnsafeBufferPointer { buffer in
            UInt32(CZlib.crc32(uLong(crc), buffer.baseAddress, uInt(buffer.count)))
        }
    }

    /// `input` inflated from a zlib stream, or nil when it is not one (for tests and tools).
    public static func decompress(_ input: [UInt8], expectedSize: Int) -> [UInt8]? {
        var length = uLong(max(expectedSize, 1))
        var output = [UInt8](repeating: 0, count: Int(length))
        let status = input.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                uncompress(target.baseAddress, &length, source.baseAddress, uLong(source.count))
            }
        }
        guard status == Z_OK else { return nil }
        output.removeSubrange(Int(length)...)
        return output
    }
}
