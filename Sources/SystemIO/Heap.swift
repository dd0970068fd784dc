#if canImport(Glibc)
    import Glibc
#endif

extension SystemIO {
    /// Gives the free pages at the top and inside of glibc's heaps back to the system
    /// (`malloc_trim(0)`), so memory a burst of work used (a round of provider answers) does not
    /// stay resident until the next burst. Does nothing where there is no glibc.
    public static func releaseFreeHeapPages() {
        #if canImport(Glibc)
            typealias Trim = @convention(c) (Int) -> Int32
            // <malloc.h> is not in the Glibc module: looked up once, by name.
            if let trim = mallocTrim { _ = unsafeBitCast(trim, to: Trim.self)(0) }
        #endif
    }

    #if canImport(Glibc)
        private nonisolated(unsafe) static let mallocTrim = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim")
    #endif
}
