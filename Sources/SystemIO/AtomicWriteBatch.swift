#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension SystemIO {
    /// Replaces several files in one folder as `atomicWrite` replaces one, with one sync for all
    /// of them instead of two each: every temporary file is written, the file system synced once
    /// (`syncfs`; `fsync` of each file where there is no `syncfs`), every file renamed over its
    /// path, and the folder synced once. A crash leaves each file either old or new, never half
    /// of one. `files` must all be in `folder`, which is made (mode 0700) when missing. Returns the `errno` of each file's write (0 for
    /// success), in the order given; a failed file leaves its old version and no temporary file.
    public static func atomicWrite(
        _ files: [(path: String, bytes: [UInt8])], in folder: String, mode: mode_t, temporarySuffix: String = ".tmp"
    ) -> [Int32] {
        var results = [Int32](repeating: 0, count: files.count)
        var descriptors = [Int32](repeating: -1, count: files.count)
        if files.count == 1 || files.isEmpty {
            return files.map { atomicWrite($0.path, $0.bytes, mode: mode, temporarySuffix: temporarySuffix) }
        }
        for (index, file) in files.enumerated() {
            var fd = open(file.path + temporarySuffix, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
            if fd < 0 && errno == ENOENT && index == 0 {
                makeDirectories(folder)
                fd = open(file.path + temporarySuffix, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
            }
            guard fd >= 0 else {
                results[index] = errno
                continue
            }
            descriptors[index] = fd
            results[index] = writeAll(file.bytes, to: fd)
        }
        let folderDescriptor = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        let synced = folderDescriptor >= 0 && syncFileSystem(folderDescriptor)
        for index in files.indices where descriptors[index] >= 0 {
            if results[index] == 0 && !synced && fsync(descriptors[index]) != 0 { results[index] = errno }
            if close(descriptors[index]) != 0 && results[index] == 0 { results[index] = errno }
        }
        for (index, file) in files.enumerated() where descriptors[index] >= 0 {
            let temporary = file.path + temporarySuffix
            if results[index] == 0 && rename(temporary, file.path) != 0 { results[index] = errno }
            if results[index] != 0 { unlink(temporary) }
        }
        if folderDescriptor >= 0 {
            _ = fsync(folderDescriptor)
            close(folderDescriptor)
        }
        return results
    }

    /// `syncfs(2)` of the file system holding `descriptor`; false where there is none or it
    /// failed (a write-back error), and the caller syncs each file instead.
    static func syncFileSystem(_ descriptor: Int32) -> Bool {
        #if canImport(Glibc)
            typealias SyncFS = @convention(c) (Int32) -> Int32
            // Not in the Glibc module (a _GNU_SOURCE declaration): looked up once, by name.
            guard let syncfs = syncfsSymbol else { return false }
            return unsafeBitCast(syncfs, to: SyncFS.self)(descriptor) == 0
        #else
            return false
        #endif
    }

    #if canImport(Glibc)
        private nonisolated(unsafe) static let syncfsSymbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "syncfs")
    #endif
}
