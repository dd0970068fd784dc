import SystemIO
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A fresh folder under /tmp for one test.
private func scratchFolder() -> String {
    var template = Array("/tmp/systemio-XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    precondition(made != nil, "mkdtemp failed")
    return String(decoding: template.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

private func mode(of path: String) -> mode_t? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    return status.st_mode & 0o777
}

@Suite("SystemIO: the shared libc plumbing")
struct SystemIOTests {
    @Test("atomicWrite replaces the file with the given mode and leaves no temporary file")
    func atomicWriteReplaces() throws {
        let folder = scratchFolder()
        let path = folder + "/state.json"
        #expect(SystemIO.atomicWrite(path, Array("old".utf8), mode: 0o600) == 0)
        #expect(SystemIO.atomicWrite(path, Array("new contents".utf8), mode: 0o600) == 0)
        #expect(SystemIO.readSmallFile(path) == Array("new contents".utf8))
        #expect(mode(of: path) == 0o600)
        #expect(access(path + ".tmp", F_OK) != 0)
        let frame = folder + "/frame.png"
        #expect(SystemIO.atomicWrite(frame, [1, 2, 3], mode: 0o644, temporarySuffix: ".tmp-1") == 0)
        #expect(mode(of: frame) == 0o644)
    }

    @Test("atomicWrite makes missing folders only when asked, and reports errno otherwise")
    func atomicWriteFolders() {
        let folder = scratchFolder()
        let deep = folder + "/a/b/file"
        #expect(SystemIO.atomicWrite(deep, [1], mode: 0o600) == ENOENT)
        #expect(SystemIO.atomicWrite(deep, [1], mode: 0o600, createDirectories: true) == 0)
        #expect(SystemIO.readSmallFile(deep) == [1])
    }

    @Test("a batch of atomic writes replaces each file, makes the folder, and reports each failure alone")
    func atomicWriteBatch() {
        let folder = scratchFolder() + "/state"
        let files: [(path: String, bytes: [UInt8])] = [
            (folder + "/a.json", Array("a1".utf8)), (folder + "/b.json", Array("b1".utf8)),
            (folder + "/missing/c.json", Array("c1".utf8)),
        ]
        #expect(SystemIO.atomicWrite(files, in: folder, mode: 0o600) == [0, 0, ENOENT])
        #expect(SystemIO.readSmallFile(folder + "/a.json") == Array("a1".utf8))
        #expect(mode(of: folder + "/b.json") == 0o600)
        let again: [(path: String, bytes: [UInt8])] = [
            (folder + "/a.json", Array("a2".utf8)), (folder + "/b.json", Array("b2 longer".utf8)),
        ]
        #expect(SystemIO.atomicWrite(again, in: folder, mode: 0o600) == [0, 0])
        #expect(SystemIO.readSmallFile(folder + "/a.json") == Array("a2".utf8))
        #expect(SystemIO.readSmallFile(folder + "/b.json") == Array("b2 longer".utf8))
        for name in ["/a.json.tmp", "/b.json.tmp", "/missing/c.json.tmp"] { #expect(access(folder + name, F_OK) != 0) }
    }

    @Test("readFile refuses directories and files over the limit, with a reason")
    func readFileLimits() {
        let folder = scratchFolder()
        let path = folder + "/big"
        #expect(SystemIO.atomicWrite(path, [UInt8](repeating: 7, count: 3000), mode: 0o600) == 0)
        #expect((try? SystemIO.readFile(path, limit: 4096).get())?.count == 3000)
        #expect(SystemIO.readSmallFile(path, limit: 2048) == nil)
        guard case .failure(let failure) = SystemIO.readFile(folder, limit: 4096) else {
            Issue.record("a directory was read")
            return
        }
        #expect(failure.reason == "it is a directory")
        #expect(SystemIO.readSmallFile(folder + "/missing") == nil)
    }

    @Test("firstLine strips the line end and CR; group-readable files are noticed")
    func firstLineAndMode() {
        let folder = scratchFolder()
        let path = folder + "/secret"
        #expect(SystemIO.atomicWrite(path, Array("hunter2\r\nsecond\n".utf8), mode: 0o600) == 0)
        #expect(SystemIO.firstLine(path) == "hunter2")
        #expect(!SystemIO.isReadableByOthers(path))
        chmod(path, 0o640)
        #expect(SystemIO.isReadableByOthers(path))
        #expect(SystemIO.firstLine(folder + "/missing") == nil)
    }

    @Test("writeAll delivers every byte through a pipe, and positioned writes land at their offset")
    func writeAllPipe() {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let bytes = [UInt8](repeating: 0x41, count: 4000)
        #expect(SystemIO.writeAll(bytes, to: ends[1]) == 0)
        close(ends[1])
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(ends[0], $0.baseAddress, $0.count) }
            if count <= 0 { break }
            received += buffer[0..<count]
        }
        close(ends[0])
        #expect(received == bytes)
        #expect(SystemIO.writeAll([1], to: -1) == EBADF)

        let path = scratchFolder() + "/slots"
        #expect(SystemIO.atomicWrite(path, [0, 0, 0, 0], mode: 0o600) == 0)
        let fd = open(path, O_WRONLY)
        #expect(SystemIO.writeAll([9, 9], to: fd, at: 2) == 0)
        close(fd)
        #expect(SystemIO.readSmallFile(path) == [0, 0, 9, 9])
    }
}
