import Foundation

/// The allocation count of the counting library (`Sources/AllocationCounter`), read
/// through the symbol it exports when the process runs with it in `LD_PRELOAD`.
///
/// The harness does not link the library: it is the preload that makes every
/// allocation of the process, peers' included, pass through the counter, and only a
/// run that asks for allocation counts pays for counting.
struct AllocationCounter {
    private let read: @convention(c) () -> UInt64

    /// The counter, or nil when the process was started without the library preloaded.
    static func loaded() -> AllocationCounter? {
        // A null handle searches the whole process, as RTLD_DEFAULT does.
        guard let symbol = dlsym(nil, "datamapper_allocation_count") else { return nil }
        return AllocationCounter(read: unsafeBitCast(symbol, to: (@convention(c) () -> UInt64).self))
    }

    /// The fewest allocations one run of `contender` made, over `runs` runs after an
    /// untimed first one (which fills the caches a first call fills, such as the
    /// runtime's type metadata).
    func allocations(of contender: Contender, runs: Int = 3) throws -> Int {
        _ = try contender.body()
        var fewest = UInt64.max
        for _ in 0..<max(runs, 1) {
            let before = read()
            _ = try contender.body()
            fewest = min(fewest, read() - before)
        }
        return Int(fewest)
    }
}
