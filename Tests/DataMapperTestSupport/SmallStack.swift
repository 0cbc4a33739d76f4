import DataMapper
import Foundation
import Testing

/// What the stack-depth tests share: the stack every walker must fit in at the
/// default depth, and values nested to that depth.
///
/// README promises that every reader, writer and walker handles
/// ``ParsingLimits/maxDepth``'s default on a thread with a 512 KiB stack, the
/// smallest secondary-thread stack of the platforms we support. A walker that
/// overflows it crashes the test process, which fails the run as surely as an
/// assertion does.
public enum SmallStack {
    /// The stack size the promise is made for: 512 KiB, times
    /// `$DATAMAPPER_STACK_SCALE` when set. `.ci/sanitizers` sets it, since sanitized
    /// builds give every frame several times the room; the promise is for debug and
    /// release builds.
    public static let bytes = 512 * 1024 * scale

    private static let scale = ProcessInfo.processInfo.environment["DATAMAPPER_STACK_SCALE"].flatMap(Int.init) ?? 1

    /// The default nesting limit, the depth every walker must reach.
    public static let depth = ParsingLimits().maxDepth

    /// The result of `work`, run on a new thread with a ``bytes``-sized stack; `nil`
    /// (and a recorded failure) when it did not finish within the hang guard.
    ///
    /// - Throws: what `work` threw.
    @discardableResult
    public static func run<Value: Sendable>(
        sourceLocation: Testing.SourceLocation = #_sourceLocation,
        _ work: @escaping @Sendable () throws -> Value
    ) throws -> Value? {
        try GuardedThread.run(stackSize: bytes, sourceLocation: sourceLocation, work)
    }

    /// `depth` arrays, each holding the next, the innermost holding `1`.
    public static func nestedArrays(_ depth: Int = depth) -> SupportedType {
        var value: SupportedType = [1]
        for _ in 1..<depth { value = .array([value]) }
        return value
    }

    /// `depth` maps, each holding the next under the key `k`, the innermost `["k": 1]`.
    public static func nestedMaps(_ depth: Int = depth) -> SupportedType {
        var value: SupportedType = ["k": 1]
        for _ in 1..<depth { value = .dictionary(["k": value]) }
        return value
    }

    /// `depth` levels alternating between maps and arrays, outermost a map, with a
    /// sibling scalar at each level so that no level is a lone child.
    public static func alternating(_ depth: Int = depth) -> SupportedType {
        var value: SupportedType = "leaf"
        for level in (0..<depth).reversed() {
            value = level.isMultiple(of: 2) ? .dictionary(["k": value, "n": .int(level)]) : .array([value, .int(level)])
        }
        return value
    }

    /// How deep `value` nests: 0 for a scalar, 1 for a flat array or map.
    public static func depth(of value: SupportedType) -> Int {
        var deepest = 0
        var pending: [(SupportedType, Int)] = [(value, 0)]
        while let (current, level) = pending.popLast() {
            if let array = current.array {
                deepest = max(deepest, level + 1)
                pending.append(contentsOf: array.map { ($0, level + 1) })
            } else if let map = current.orderedMap {
                deepest = max(deepest, level + 1)
                pending.append(contentsOf: map.values.map { ($0, level + 1) })
            }
        }
        return deepest
    }
}
