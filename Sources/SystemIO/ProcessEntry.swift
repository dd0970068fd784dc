import Dispatch

extension SystemIO {
    /// How both executables start: one malloc arena for every thread (``useOneHeapArena()``),
    /// then `command` on the task pool while the main thread waits for it.
    ///
    /// Not an async `main`: that one ends the main thread with `dispatch_main()`, i.e.
    /// `pthread_exit`, whose forced unwind walks the binary's unwind tables and leaves 0.4 MB of
    /// them resident for the life of the process (BENCHMARKS.md, issue 22) — the bridge and
    /// `weatherview serve`/`watch` run for months. Detached: `main` is on the main actor, whose
    /// queue nobody drains while it waits.
    public static func runEntry(_ command: @escaping @Sendable () async -> Void) {
        useOneHeapArena()  // before any other thread allocates
        let finished = DispatchSemaphore(value: 0)
        Task.detached {
            await command()
            finished.signal()
        }
        finished.wait()
    }
}
