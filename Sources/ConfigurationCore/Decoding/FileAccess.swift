/// What the decoder may ask of the file system; tests substitute their own answers.
package struct FileAccess {
    /// The text of a (small) secret file, or why it cannot be read.
    package var read: (String) -> Result<String, LocalFiles.Failure>
    /// Whether a file (a certificate, a key) exists and may be read.
    package var isReadable: (String) -> Bool
    /// Whether group or others may read it: a secret that deserves a warning.
    package var isReadableByOthers: (String) -> Bool

    /// Secret files are small; anything larger is a mistake (and `/dev/zero` must not hang us).
    package static let secretLimit = 64 * 1024

    /// The real file system.
    package static var local: FileAccess {
        FileAccess(
            read: { path in
                LocalFiles.read(path, limit: secretLimit).flatMap { bytes in
                    guard let text = String(validating: bytes, as: UTF8.self) else {
                        return .failure(LocalFiles.Failure(reason: "it is not UTF-8 text"))
                    }
                    return .success(text)
                }
            },
            isReadable: LocalFiles.isReadable,
            isReadableByOthers: LocalFiles.isReadableByOthers)
    }

    /// Answers from a closure that returns a file's text or `nil`.
    package static func reading(_ readFile: @escaping (String) -> String?) -> FileAccess {
        FileAccess(
            read: { path in
                readFile(path).map { .success($0) }
                    ?? .failure(LocalFiles.Failure(reason: "no such file, or not readable"))
            },
            isReadable: { readFile($0) != nil },
            isReadableByOthers: { _ in false })
    }
}
