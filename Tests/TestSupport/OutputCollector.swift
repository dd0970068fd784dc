import Foundation

/// Collects what a child process writes to a pipe, on a background reader that removes itself
/// at the end of file, also when nobody holds the collector any more (a reader left behind is
/// woken at the end of file again and again and keeps its pipe open). The descriptor is closed
/// when the pipe is released: closing it under a live reader crashed libdispatch. One collector
/// for the bridge's and weatherview's process tests.
public final class OutputCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    private var ended = false
    private let handle: FileHandle

    public init(_ handle: FileHandle) {
        self.handle = handle
        handle.readabilityHandler = { [weak self] handle in
            let chunk = handle.availableData
            guard !chunk.isEmpty, let self else {
                handle.readabilityHandler = nil
                self?.end()
                return
            }
            self.lock.lock()
            self.data.append(chunk)
            self.lock.unlock()
        }
    }

    private func end() {
        lock.lock()
        ended = true
        lock.unlock()
    }

    /// Everything read so far, as UTF-8 text.
    public func text() -> String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: data, as: UTF8.self)
    }

    /// Everything read so far.
    public func bytes() -> [UInt8] {
        lock.lock()
        defer { lock.unlock() }
        return Array(data)
    }

    /// Whether the writer has closed its end and everything was read.
    public var finished: Bool {
        lock.lock()
        defer { lock.unlock() }
        return ended
    }

    /// After the process exited: everything it wrote, including what the background reader had
    /// not collected yet.
    public func finish() -> String { String(decoding: finishBytes(), as: UTF8.self) }

    /// ``finish()`` as bytes.
    public func finishBytes() -> [UInt8] {
        handle.readabilityHandler = nil
        let rest = handle.readDataToEndOfFile()
        lock.lock()
        data.append(rest)
        ended = true
        lock.unlock()
        return bytes()
    }
}
