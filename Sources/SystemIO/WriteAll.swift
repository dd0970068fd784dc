#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The few libc file operations the targets share, written once: whole writes, bounded reads,
/// atomic replacement. No Foundation; every failure comes back as an `errno` value or `nil`.
public enum SystemIO {
    /// Writes every byte of `bytes` to `descriptor`, retrying after `EINTR` and short writes.
    /// Returns 0, or the `errno` of the failed `write(2)` (`ENOSPC` when it wrote nothing).
    @discardableResult
    public static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32 {
        bytes.withUnsafeBytes { writeAll($0, to: descriptor) }
    }

    /// `writeAll` for the UTF-8 bytes of `text`.
    @discardableResult
    public static func writeAll(_ text: String, to descriptor: Int32) -> Int32 {
        writeAll(Array(text.utf8), to: descriptor)
    }

    /// `writeAll` for raw memory.
    @discardableResult
    public static func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32 {
        var offset = 0
        while offset < buffer.count {
            let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return written < 0 ? errno : ENOSPC }
            offset += written
        }
        return 0
    }

    /// Writes every byte of `bytes` at `offset` in the file behind `descriptor` (`pwrite(2)`),
    /// retrying after `EINTR` and short writes. Returns 0 or the `errno` (`ENOSPC` for no progress).
    @discardableResult
    public static func writeAll(_ bytes: [UInt8], to descriptor: Int32, at offset: Int) -> Int32 {
        bytes.withUnsafeBytes { buffer in
            var done = 0
            while done < buffer.count {
                let written = pwrite(descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done))
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return written < 0 ? errno : ENOSPC }
                done += written
            }
            return 0
        }
    }

    /// `errno` in words (`strerror`).
    public static func describe(_ code: Int32) -> String { String(cString: strerror(code)) }
}
