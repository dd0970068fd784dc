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

    /// Makes every thread allocate from glibc's one main heap (`mallopt(M_ARENA_MAX, 1)`), for a
    /// process whose threads mostly wait. By default each thread that allocates gets an arena of
    /// its own, and each holds its free pages and fragments apart: with the bridge's few threads
    /// (the MQTT network thread, the task pool's two, libcurl's resolver) that was 0.8 MB of
    /// resident memory with 10 locations (BENCHMARKS.md, issue 22). Call it before threads start.
    public static func useOneHeapArena() {
        #if canImport(Glibc)
            typealias Option = @convention(c) (Int32, Int32) -> Int32
            let arenaMax: Int32 = -8  // M_ARENA_MAX in <malloc.h>
            if let set = mallopt { _ = unsafeBitCast(set, to: Option.self)(arenaMax, 1) }
        #endif
    }

    #if canImport(Glibc)
        private nonisolated(unsafe) static let mallopt = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt")
        private nonisolated(unsafe) static let mallocTrim = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim")
    #endif
}
