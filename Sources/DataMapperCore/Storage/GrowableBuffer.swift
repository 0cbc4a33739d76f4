import Foundation

/// A run of elements in memory of its own that grows at the end: the one hand-made
/// buffer of the library, shared by the parsers' stack of pending values and the
/// writers' byte output.
///
/// A Swift array checks uniqueness and may copy on every append; this buffer belongs to
/// one parser or writer call and is never shared, so appending is a bounds check and a
/// store, and a run at the top moves out into an array without retaining or releasing
/// its elements.
///
/// Invariants, checked after every change in debug builds (``checkInvariants()``):
/// - `0 <= count <= capacity` and `capacity >= 1`;
/// - the first `count` elements at `base` are initialized, the rest are not;
/// - `base` is this buffer's own `malloc` allocation of `capacity` elements, freed
///   (with the initialized elements destroyed) exactly once, in `deinit`, unless
///   ``takeData()`` hands it to a `Data`, which frees it, and gives the buffer a new one.
///
/// The memory comes from `malloc` rather than `allocate(capacity:)` so that a buffer of
/// plain bytes or numbers grows with `realloc`, which extends a large block in place
/// (for the writers' output, megabytes) where `allocate` would copy it and touch
/// fresh pages each time it doubles.
///
/// The buffer is a class so that `deinit` frees it; its stored properties are not
/// checked for exclusive access, which the owner guarantees by never sharing it.
@usableFromInline package final class GrowableBuffer<Element> {
    @exclusivity(unchecked) @usableFromInline var base: UnsafeMutablePointer<Element>
    @exclusivity(unchecked) @usableFromInline var count: Int
    @exclusivity(unchecked) @usableFromInline var capacity: Int

    /// An empty buffer with room for `capacity` elements (at least one).
    @inlinable
    package init(capacity: Int) {
        self.capacity = Swift.max(capacity, 1)
        base = Self.allocate(self.capacity)
        count = 0
    }

    deinit {
        base.deinitialize(count: count)
        free(base)
    }

    /// Memory for `capacity` elements from `malloc`; a failed allocation stops the
    /// process, as it does for every Swift allocation.
    ///
    /// No input can ask for more than it holds: a parser's stack holds at most one
    /// value per input byte (the input is capped by `ParsingLimits.maxInputBytes`, and
    /// every declared length is checked against the bytes left), and a writer's output
    /// grows by what it writes, at most twice what it holds. The capacity times the
    /// element size therefore stays far from overflowing, and a failure here is the
    /// machine running out of memory, not a document asking for it.
    @usableFromInline
    static func allocate(_ capacity: Int) -> UnsafeMutablePointer<Element> {
        precondition(MemoryLayout<Element>.alignment <= 16, "GrowableBuffer holds elements malloc aligns")
        guard let memory = malloc(capacity * MemoryLayout<Element>.stride) else { preconditionFailure("out of memory") }
        return memory.bindMemory(to: Element.self, capacity: capacity)
    }

    /// How many elements are stored.
    @inlinable package var elementCount: Int { count }

    /// Appends `element`.
    @inlinable @inline(__always)
    package func append(_ element: consuming Element) {
        if count == capacity { grow(toHold: count + 1) }
        (base + count).initialize(to: element)
        count += 1
        checkInvariants()
    }

    /// Makes room for `extra` more elements, growing when there is not enough.
    @inlinable @inline(__always)
    package func reserve(_ extra: Int) {
        if capacity - count < extra { grow(toHold: count + extra) }
    }

    /// Doubles the room until `needed` elements fit, moving the elements over.
    @usableFromInline @inline(never)
    func grow(toHold needed: Int) {
        var larger = capacity * 2
        while larger < needed { larger *= 2 }
        if _isPOD(Element.self) {
            // Plain bytes move with their memory: `realloc` may keep them in place. Sizes
            // stay bounded as `allocate(_:)` says.
            guard let moved = realloc(base, larger * MemoryLayout<Element>.stride) else { preconditionFailure("out of memory") }
            base = moved.bindMemory(to: Element.self, capacity: larger)
        } else {
            let moved = Self.allocate(larger)
            moved.moveInitialize(from: base, count: count)
            free(base)
            base = moved
        }
        capacity = larger
        checkInvariants()
    }

    /// The element at `index`, which must be below the count.
    @inlinable
    package subscript(index: Int) -> Element {
        get {
            precondition(index >= 0 && index < count, "GrowableBuffer index out of range")
            return base[index]
        }
        set {
            precondition(index >= 0 && index < count, "GrowableBuffer index out of range")
            base[index] = newValue
        }
    }

    /// Moves the last element out and returns it; the buffer must not be empty.
    @inlinable
    package func removeLast() -> Element {
        precondition(count > 0, "GrowableBuffer is empty")
        count -= 1
        checkInvariants()
        return (base + count).move()
    }

    /// Moves the element at `index` out and puts `placeholder` in its place, so that
    /// every element below the count stays initialized.
    @inlinable
    package func take(at index: Int, leaving placeholder: consuming Element) -> Element {
        precondition(index >= 0 && index < count, "GrowableBuffer index out of range")
        let taken = (base + index).move()
        (base + index).initialize(to: placeholder)
        return taken
    }

    /// Moves the elements from `start` to the end out into an array; the count drops
    /// to `start`.
    @inlinable
    package func takeArray(from start: Int) -> [Element] {
        precondition(start >= 0 && start <= count, "GrowableBuffer start out of range")
        let moving = count - start
        let source = base + start
        count = start
        checkInvariants()
        // Not `Array(unsafeUninitializedCapacity:)`: it allocates through a function
        // that is not specialized and looks the array's type up on every call, which
        // costs more than these appends.
        var array: [Element] = []
        array.reserveCapacity(moving)
        for offset in 0..<moving { array.append((source + offset).move()) }
        return array
    }

    /// Destroys the elements from `start` to the end; the count drops to `start`.
    @inlinable
    package func removeAll(from start: Int) {
        precondition(start >= 0 && start <= count, "GrowableBuffer start out of range")
        (base + start).deinitialize(count: count - start)
        count = start
        checkInvariants()
    }

    /// Calls `body` with the stored elements, borrowed.
    @inlinable
    package func withUnsafeBufferPointer<R, E: Error>(_ body: (UnsafeBufferPointer<Element>) throws(E) -> R) throws(E) -> R {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    /// Checks the invariants above; compiled only into debug builds.
    @inlinable @inline(__always)
    package func checkInvariants() {
        #if DEBUG
        precondition(capacity >= 1, "GrowableBuffer has no room")
        precondition(count >= 0 && count <= capacity, "GrowableBuffer count \(count) outside 0...\(capacity)")
        #endif
    }
}

extension GrowableBuffer where Element == UInt8 {
    /// Appends the bytes of `run`.
    @inlinable @inline(__always)
    package func append(contentsOf run: UnsafeBufferPointer<UInt8>) {
        guard let source = run.baseAddress else { return }
        reserve(run.count)
        (base + count).initialize(from: source, count: run.count)
        count += run.count
        checkInvariants()
    }

    /// Calls `body` with room for `extra` bytes at the end; `body` writes some of them
    /// and returns how many, which are then counted as stored.
    @inlinable @inline(__always)
    package func appendInPlace(upTo extra: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        reserve(extra)
        let written = body(base + count)
        precondition(written >= 0 && written <= extra, "GrowableBuffer wrote past its room")
        count += written
        checkInvariants()
    }

    /// Appends `value` as its bytes in big-endian order, most significant first.
    @inlinable @inline(__always)
    package func append<T: FixedWidthInteger>(bigEndian value: T) {
        let size = MemoryLayout<T>.size
        reserve(size)
        // Room was reserved just above; raw pointers allow unaligned stores.
        UnsafeMutableRawPointer(base + count).storeBytes(of: value.bigEndian, as: T.self)
        count += size
        checkInvariants()
    }

    /// The bytes as `Data` that takes over their memory instead of copying it; the
    /// buffer is left empty, with a fresh allocation of one byte.
    package func takeData() -> Data {
        guard count > 0 else { return Data() }
        let data = Data(
            bytesNoCopy: base, count: count,
            deallocator: .custom { memory, _ in free(memory) }
        )
        base = Self.allocate(1)
        count = 0
        capacity = 1
        checkInvariants()
        return data
    }

    /// The bytes as an array, copied.
    @inlinable
    package var bytes: [UInt8] { withUnsafeBufferPointer { Array($0) } }
}
