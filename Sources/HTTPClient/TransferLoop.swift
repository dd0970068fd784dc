import CCurl
import Glibc
import Synchronization

/// The one thread that drives libcurl: a `curl_multi` loop fed by a locked queue.
///
/// Callers (on any task) register, submit and cancel requests through ``shared``, then wake
/// the loop with `curl_multi_wakeup`, the only libcurl call made off the loop thread. Every
/// other libcurl call, and every callback, happens on the loop thread. A finished transfer's
/// response is copied into a value and its continuation resumed from the loop thread.
final class TransferLoop: Sendable {
    /// A submitted request and the continuation that receives its outcome.
    struct Job: Sendable {
        var id: UInt64
        var request: PreparedRequest
        var continuation: CheckedContinuation<Result<HTTPResponse, HTTPError>, Never>
    }

    /// Where a registered request is. Absent once its continuation has been resumed.
    private enum Phase {
        /// Registered; its job has not been submitted yet.
        case registered
        /// Cancelled before its job was submitted: the submission resumes it at once.
        case cancelled
        /// Waiting in ``SharedState/queue`` for a free slot.
        case queued
        /// Handed to the loop thread.
        case running
    }

    private struct SharedState {
        var nextID: UInt64 = 0
        var phases: [UInt64: Phase] = [:]
        var queue: [Job] = []
        var cancelRequests: [UInt64] = []
        var stopping = false
    }

    private static let globalInit: CURLcode = ccurl_global_init_default()

    private let multi: MultiHandle
    private let maxConcurrent: Int
    private let shared = Mutex(SharedState())

    private static let cancelled = HTTPError(.cancelled, "the request was cancelled")

    /// Creates the multi handle and starts the loop thread.
    init(maxConcurrent: Int) {
        precondition(Self.globalInit == CURLE_OK, "curl_global_init failed")
        guard let multi = curl_multi_init() else { fatalError("curl_multi_init failed (out of memory)") }
        self.multi = MultiHandle(multi)
        self.maxConcurrent = max(1, maxConcurrent)

        var thread = pthread_t()
        let context = Unmanaged.passRetained(self).toOpaque()
        let created = pthread_create(
            &thread, nil,
            { context in
                guard let context else { return nil }
                let loop = Unmanaged<TransferLoop>.fromOpaque(context).takeRetainedValue()
                loop.run()
                return nil
            }, context)
        guard created == 0 else { fatalError("pthread_create failed (\(created))") }
        pthread_detach(thread)
    }

    // MARK: Caller side (any thread)

    /// A fresh request id, in phase `registered`. Call before installing the cancellation
    /// handler, so that a cancellation always finds the id.
    func register() -> UInt64 {
        shared.withLock { state in
            let id = state.nextID
            state.nextID += 1
            state.phases[id] = .registered
            return id
        }
    }

    /// How many requests wait for a free slot (what tests wait on before cancelling one).
    var queuedCount: Int { shared.withLock { $0.queue.count } }

    /// Queues `job`, or resumes it at once when it was cancelled meanwhile.
    func submit(_ job: Job) {
        let accepted = shared.withLock { state in
            guard state.phases[job.id] == .registered, !state.stopping else {
                state.phases[job.id] = nil
                return false
            }
            state.phases[job.id] = .queued
            state.queue.append(job)
            return true
        }
        if accepted {
            wake()
        } else {
            job.continuation.resume(returning: .failure(Self.cancelled))
        }
    }

    /// Cancels the request `id`: a queued one is resumed at once, a running one is removed
    /// by the loop thread, a finished one is left alone.
    func cancel(_ id: UInt64) {
        let dequeued: Job? = shared.withLock { state in
            switch state.phases[id] {
            case .registered:
                state.phases[id] = .cancelled
            case .queued:
                state.phases[id] = nil
                if let index = state.queue.firstIndex(where: { $0.id == id }) {
                    return state.queue.remove(at: index)
                }
            case .running:
                state.cancelRequests.append(id)
            case .cancelled, nil:
                break
            }
            return nil
        }
        if let dequeued {
            dequeued.continuation.resume(returning: .failure(Self.cancelled))
        } else {
            wake()
        }
    }

    /// Ends the loop: every request still queued or running is resumed as cancelled.
    func stop() {
        shared.withLock { $0.stopping = true }
        wake()
    }

    private func wake() {
        _ = curl_multi_wakeup(multi.raw)
    }

    // MARK: Loop thread

    private func run() {
        var active: [UInt64: Transfer] = [:]
        while true {
            let (cancelRequests, stopping) = shared.withLock { state in
                defer { state.cancelRequests.removeAll() }
                return (state.cancelRequests, state.stopping)
            }
            for id in cancelRequests {
                if let transfer = active.removeValue(forKey: id) {
                    finish(transfer, .failure(Self.cancelled))
                }
            }
            if stopping {
                for transfer in active.values { finish(transfer, .failure(Self.cancelled)) }
                let queued = shared.withLock { state in
                    defer { state.queue.removeAll() }
                    return state.queue
                }
                for job in queued { complete(job, .failure(Self.cancelled)) }
                return
            }

            startQueuedJobs(into: &active)

            var stillRunning: Int32 = 0
            _ = curl_multi_perform(multi.raw, &stillRunning)

            var finishedAny = false
            var queuedMessages: Int32 = 0
            while let message = curl_multi_info_read(multi.raw, &queuedMessages) {
                guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle else {
                    continue
                }
                let code = message.pointee.data.result
                guard let (id, transfer) = active.first(where: { $0.value.easy == easy }) else { continue }
                active[id] = nil
                finish(transfer, transfer.result(code))
                finishedAny = true
            }
            // A finished transfer frees a slot: start queued jobs before sleeping.
            if finishedAny { continue }

            // Returns early on socket activity, on libcurl's own timers and on curl_multi_wakeup.
            _ = curl_multi_poll(multi.raw, nil, 0, 1000, nil)
        }
    }

    /// Moves queued jobs into free slots and adds their handles to the multi handle.
    private func startQueuedJobs(into active: inout [UInt64: Transfer]) {
        let free = maxConcurrent - active.count
        guard free > 0 else { return }
        let jobs = shared.withLock { state in
            let taken = Array(state.queue.prefix(free))
            state.queue.removeFirst(taken.count)
            for job in taken { state.phases[job.id] = .running }
            return taken
        }
        for job in jobs {
            do {
                let transfer = try Transfer(job)
                let added = curl_multi_add_handle(multi.raw, transfer.easy)
                guard added == CURLM_OK else {
                    transfer.close()
                    complete(
                        job,
                        .failure(
                            HTTPError(
                                .other,
                                "could not start a request to \(job.request.host) (curl multi error \(added.rawValue))"
                            )))
                    continue
                }
                active[job.id] = transfer
            } catch {
                complete(job, .failure(error))
            }
        }
    }

    /// Detaches and frees `transfer`, then resumes its caller with `result`.
    private func finish(_ transfer: Transfer, _ result: Result<HTTPResponse, HTTPError>) {
        _ = curl_multi_remove_handle(multi.raw, transfer.easy)
        transfer.close()
        complete(transfer.job, result)
    }

    private func complete(_ job: Job, _ result: Result<HTTPResponse, HTTPError>) {
        shared.withLock { _ = $0.phases.removeValue(forKey: job.id) }
        job.continuation.resume(returning: result)
    }
}

/// Owns a `CURLM *`.
///
/// `@unchecked Sendable` because the pointer is shared between the loop thread, which makes
/// every other `curl_multi_*` call, and callers, which only call `curl_multi_wakeup` (documented
/// by libcurl as safe from any thread). The handle is cleaned up when the last owner goes.
final class MultiHandle: @unchecked Sendable {
    let raw: UnsafeMutableRawPointer

    init(_ raw: UnsafeMutableRawPointer) { self.raw = raw }

    deinit { curl_multi_cleanup(raw) }
}
