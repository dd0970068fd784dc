/// A font on disk: a file and, for collections (`.ttc`), the face inside it.
public struct FontFile: Hashable, Sendable, CustomStringConvertible {
    public let path: String
    public let index: Int

    public init(path: String, index: Int = 0) {
        self.path = path
        self.index = index
    }

    public var description: String { index == 0 ? path : "\(path)#\(index)" }
}
