#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension SystemIO {
    /// Replaces the file at `path` with `bytes`: written to `path + temporarySuffix`, fsynced,
    /// renamed over `path`, then the folder fsynced, so a crash leaves either the old or the new
    /// file, never half of one. `mode` is the new file's permission bits; with
    /// `createDirectories`, missing folders on the way are made (mode 0700).
    /// Returns 0, or the `errno` of the step that failed (the temporary file is removed then).
    public static func atomicWrite(
        _ path: String, _ bytes: [UInt8], mode: mode_t, temporarySuffix: String = ".tmp",
        createDirectories: Bool = false
    ) -> Int32 {
        let temporary = path + temporarySuffix
        var fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        if fd < 0 && errno == ENOENT && createDirectories {
            let folder = directory(of: path)
            if !folder.isEmpty { makeDirectories(folder) }
            fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        }
        guard fd >= 0 else { return errno }
        var failure = writeAll(bytes, to: fd)
        if failure == 0 && fsync(fd) != 0 { failure = errno }
        if close(fd) != 0 && failure == 0 { failure = errno }
        if failure == 0 && rename(temporary, path) != 0 { failure = errno }
        if failure != 0 {
            unlink(temporary)
            return failure
        }
        syncDirectory(path.hasPrefix("/") && directory(of: path).isEmpty ? "/" : directory(of: path))
        return 0
    }

    /// The folder part of `path` (`""` for a bare name).
    static func directory(of path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
    }

    /// fsyncs a folder so a rename in it survives a crash; failures are ignored (some file
    /// systems refuse to sync directories, and the data itself is already on disk).
    static func syncDirectory(_ folder: String) {
        let fd = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
    }

    /// Makes `path` and its missing parents, mode 0700.
    public static func makeDirectories(_ path: String) {
        var current = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            current += "/" + part
            mkdir(current, 0o700)
        }
    }
}
