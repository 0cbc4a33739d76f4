/// Where a parser keeps the values of the arrays and maps it has opened and not yet
/// closed, the innermost container's last: one stack for the whole document instead of
/// an array per container.
///
/// A parser opens a container, appends each value as it reads it (nested containers
/// open and close above it), and closes it, which moves its values off the stack into
/// an array of the container's own, without retaining or releasing them one by one.
@usableFromInline package struct ContainerBuilder {
    /// Where a container's values start on the stack.
    @usableFromInline package struct Opening {
        @usableFromInline let base: Int

        @inlinable init(base: Int) { self.base = base }
    }

    /// The values of the open containers.
    @usableFromInline let pending: GrowableBuffer<SupportedType>

    /// A builder with nothing open.
    @inlinable package init() {
        pending = GrowableBuffer(capacity: 256)
    }

    /// Starts a container; its values follow with ``append(_:)``.
    @inlinable @inline(__always)
    package func open() -> Opening {
        Opening(base: pending.elementCount)
    }

    /// Adds `value` to the innermost open container.
    @inlinable @inline(__always)
    package func append(_ value: consuming SupportedType) {
        pending.append(value)
    }

    /// How many values the container opened at `opening` has so far.
    @inlinable @inline(__always)
    package func count(since opening: Opening) -> Int {
        pending.elementCount - opening.base
    }

    /// Puts `value` in place of the container's value number `index` (for a map whose
    /// repeated key keeps its last value).
    @inlinable
    package func replace(_ index: Int, since opening: Opening, with value: consuming SupportedType) {
        pending[opening.base + index] = value
    }

    /// Ends the container opened at `opening`, giving its values in order.
    @inlinable
    package func takeValues(_ opening: Opening) -> [SupportedType] {
        pending.takeArray(from: opening.base)
    }

    /// Ends the container opened at `opening` as an array of its values.
    @inlinable
    package func closeArray(_ opening: Opening) -> SupportedArray {
        SupportedArray(takeValues(opening))
    }

    /// Ends the container opened at `opening` as a map of `keys`, which are distinct
    /// and as many as its values.
    @inlinable
    package func closeMap(_ opening: Opening, keys: [String]) -> OrderedMap {
        precondition(keys.count == count(since: opening), "closeMap needs one key per value")
        return OrderedMap(uniqueKeys: keys, values: takeValues(opening))
    }
}
