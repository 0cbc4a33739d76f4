import Foundation
import Testing

/// Runs work on a thread of its own, with a stack of a chosen size and a time after
/// which the test gives up on it.
///
/// A hang guard, not a benchmark: the time bound is generous (10 s by default) and
/// only catches work that would run for minutes, such as a quadratic reader. Work
/// that overruns is recorded as a test failure and left running, since a thread
/// cannot be stopped from outside; the process ends with the test run.
public enum GuardedThread {
    /// How many times longer the guard waits: `$DATAMAPPER_HANG_GUARD_SCALE`, set by
    /// `.ci/sanitizers`, since sanitized builds run many times slower; 1 otherwise.
    static let slowdown = ProcessInfo.processInfo.environment["DATAMAPPER_HANG_GUARD_SCALE"].flatMap(Double.init) ?? 1

    /// The result of `work`, run on a new thread with `stackSize` bytes of stack, or
    /// `nil` when it did not finish within `seconds` (recorded as a failure).
    ///
    /// - Throws: what `work` threw.
    @discardableResult
    public static func run<Value: Sendable>(
        stackSize: Int = 8 * 1024 * 1024,
        seconds: Double = 10,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ work: @escaping @Sendable () throws -> Value
    ) throws -> Value? {
        let box = ResultBox<Value>()
        let finished = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.set(Result { try work() })
            finished.signal()
        }
        thread.stackSize = stackSize
        thread.start()
        let allowed = seconds * slowdown
        guard finished.wait(timeout: .now() + allowed) == .success else {
            Issue.record("the work did not finish within \(allowed) s", sourceLocation: sourceLocation)
            return nil
        }
        return try box.get()
    }
}

/// Hands a result from the worker thread to the waiting one.
private final class ResultBox<Value: Sendable>: @unchecked Sendable {
    // Guarded by `lock`; written once by the worker before it signals.
    private var result: Result<Value, any Error>?
    private let lock = NSLock()

    func set(_ result: Result<Value, any Error>) {
        lock.withLock { self.result = result }
    }

    func get() throws -> Value? {
        try lock.withLock { result }?.get()
    }
}
