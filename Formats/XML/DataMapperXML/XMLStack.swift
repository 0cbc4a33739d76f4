/// A growable stack in memory it manages itself, for the tree builder's shared stacks.
///
/// An `Array` in a struct reached through a pointer checks its uniqueness on every
/// write and copies (retains) every element it hands out. This stack does neither:
/// elements move in with ``push(_:)`` and move out with ``take(_:)``, so a value goes
/// from the parser's callback into its parent's collection without a retain/release
/// pair. The owner keeps indices in range; every index used comes from the builder's
/// own bookkeeping, never from the input.
struct XMLStack<Element>: ~Copyable {
    /// The first element; valid for `count` elements.
    private(set) var base: UnsafeMutablePointer<Element>
    /// How many elements are on the stack.
    private(set) var count = 0
    private var capacity: Int

    /// An empty stack with room for `capacity` elements before it grows.
    init(capacity: Int) {
        self.capacity = max(1, capacity)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    /// The element at `index`, read or written in place.
    @inline(__always)
    subscript(index: Int) -> Element {
        get { base[index] }
        nonmutating _modify { yield &base[index] }
    }

    /// Moves `element` onto the top of the stack.
    @inline(__always)
    mutating func push(_ element: consuming Element) {
        if count == capacity { grow(toHold: count + 1) }
        (base + count).initialize(to: element)
        count += 1
    }

    /// Removes the top element and returns it.
    @inline(__always)
    mutating func pop() -> Element {
        count -= 1
        return (base + count).move()
    }

    /// Moves the element at `index` out, leaving its slot uninitialized.
    ///
    /// The caller moves out every element from some index up and then calls
    /// ``forget(from:)`` with that index.
    @inline(__always)
    func take(_ index: Int) -> Element {
        (base + index).move()
    }

    /// Drops the elements from `start` on, which ``take(_:)`` has already moved out.
    @inline(__always)
    mutating func forget(from start: Int) {
        count = start
    }

    /// Removes (and destroys) the elements from `start` on.
    @inline(__always)
    mutating func removeAll(from start: Int) {
        (base + start).deinitialize(count: count - start)
        count = start
    }

    /// Makes room for `needed` elements in all, at least doubling.
    private mutating func grow(toHold needed: Int) {
        let bigger = max(needed, capacity * 2)
        let storage = UnsafeMutablePointer<Element>.allocate(capacity: bigger)
        storage.moveInitialize(from: base, count: count)
        base.deallocate()
        base = storage
        capacity = bigger
    }
}

extension XMLStack where Element == UInt8 {
    /// Copies `bytes` onto the top of the stack.
    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        if count + bytes.count > capacity { grow(toHold: count + bytes.count) }
        (base + count).initialize(from: source, count: bytes.count)
        count += bytes.count
    }
}
