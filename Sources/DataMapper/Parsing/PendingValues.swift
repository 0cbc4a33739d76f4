/// The values a parser has read for arrays and maps it has not finished yet, the
/// innermost container's last: one stack for the whole document instead of an array
/// per container.
///
/// A container's values are pushed as they are read and moved out in one piece when
/// it ends (into an ``ElementSlab``, or into an array of its own when it is too large),
/// so a container costs no buffer of its own while it is read, and its values are
/// never copied or released one by one.
///
/// The stack lives behind a pointer that its owner, ``PendingValues``, frees; a parser
/// works through the pointer, which costs no reference counting on each push.
@usableFromInline
struct PendingStack {
    /// The values; the first `count` are initialized.
    @usableFromInline var elements: UnsafeMutablePointer<SupportedType>
    @usableFromInline var count: Int
    @usableFromInline var capacity: Int

    /// Pushes `value`.
    @inlinable @inline(__always)
    mutating func append(_ value: consuming SupportedType) {
        if count == capacity { grow() }
        (elements + count).initialize(to: value)
        count += 1
    }

    /// Doubles the room, moving the values over.
    @usableFromInline
    mutating func grow() {
        let larger = UnsafeMutablePointer<SupportedType>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: elements, count: count)
        elements.deallocate()
        elements = larger
        capacity *= 2
    }

    /// The values from `base` to the top, for the caller to move out (and then to
    /// forget with ``forget(downTo:)``).
    @inlinable @inline(__always)
    func top(from base: Int) -> UnsafeMutableBufferPointer<SupportedType> {
        UnsafeMutableBufferPointer(start: elements + base, count: count - base)
    }

    /// Lowers the top to `base` without releasing anything: the values above were moved out.
    @inlinable @inline(__always)
    mutating func forget(downTo base: Int) {
        count = base
    }

    /// The values from `base` up, moved into an array, leaving the top at `base`.
    @inlinable
    mutating func takeArray(from base: Int) -> [SupportedType] {
        let moving = top(from: base)
        count = base
        return Array(unsafeUninitializedCapacity: moving.count) { buffer, initialized in
            if let source = moving.baseAddress, let target = buffer.baseAddress {
                target.moveInitialize(from: source, count: moving.count)
            }
            initialized = moving.count
        }
    }
}

/// Owns a ``PendingStack``: releases what is left on it (a parser that fails is not
/// used again) and frees it.
@usableFromInline
final class PendingValues {
    @usableFromInline let stack: UnsafeMutablePointer<PendingStack>

    @usableFromInline
    init() {
        let capacity = 256
        stack = .allocate(capacity: 1)
        stack.initialize(to: PendingStack(elements: .allocate(capacity: capacity), count: 0, capacity: capacity))
    }

    deinit {
        stack.pointee.elements.deinitialize(count: stack.pointee.count)
        stack.pointee.elements.deallocate()
        stack.deallocate()
    }
}
