/// The elements of an array value, in order: the payload of ``SupportedType/Kind/array(_:)``.
///
/// It behaves like `[SupportedType]`: a random-access, mutable, range-replaceable
/// collection with value semantics, which array literals build. Parsers store the
/// elements of arrays of up to 256 items in an ``ElementSlab`` shared by many arrays
/// and maps of the same document instead of one heap buffer each; the first change to
/// such an array copies its elements into storage of its own. ``elements`` gives a
/// Swift array.
public struct SupportedArray: Sendable {
    @usableFromInline
    enum Storage: Sendable {
        /// Elements in a Swift array of their own.
        case owned([SupportedType])
        /// `count` elements of `slab`, from `start`.
        case shared(ElementSlab, start: UInt32, count: UInt32)
    }

    @usableFromInline var storage: Storage

    @inlinable init(storage: Storage) { self.storage = storage }

    /// An empty array.
    @inlinable public init() { storage = .owned([]) }

    /// An array of `elements`, sharing their storage.
    @inlinable public init(_ elements: [SupportedType]) { storage = .owned(elements) }

    /// An array of the values of `sequence`, in order.
    @inlinable
    public init<S: Sequence>(_ sequence: S) where S.Element == SupportedType {
        storage = .owned(Array(sequence))
    }

    /// The elements as a Swift array; an array that owns its storage gives it without a copy.
    @inlinable
    public var elements: [SupportedType] {
        switch storage {
        case .owned(let elements): return elements
        case .shared(let slab, let start, let count):
            return withExtendedLifetime(slab) { Array(slab.elements(Int(start)..<Int(start) + Int(count))) }
        }
    }

    /// Calls `body` with the elements in contiguous memory, borrowed, without a copy.
    ///
    /// The buffer is valid only during the call; writers use it to walk large arrays
    /// without retaining each element.
    @inlinable
    public func withUnsafeBufferPointer<R, E: Error>(
        _ body: (UnsafeBufferPointer<SupportedType>) throws(E) -> R
    ) throws(E) -> R {
        switch storage {
        case .owned(let elements):
            return try elements.withUnsafeBufferPointer(body)
        case .shared(let slab, let start, let count):
            defer { withExtendedLifetime(slab) {} }
            return try body(slab.elements(Int(start)..<Int(start) + Int(count)))
        }
    }

    /// Whether the array refers to no storage that needs releasing: a Swift array of
    /// capacity 0 uses the standard library's shared, never freed, empty storage.
    @inlinable
    var ownsNoBuffer: Bool {
        guard case .owned(let elements) = storage else { return false }
        return elements.capacity == 0
    }

    /// The elements, for the caller to change and store back as `.owned`.
    ///
    /// An array of its own lets go of its buffer first, so an unshared buffer then
    /// changes in place; a slab's elements are copied out.
    @inlinable
    mutating func takeElements() -> [SupportedType] {
        switch storage {
        case .owned(let elements):
            // Let go of the stored array so the caller holds the only reference.
            storage = .owned([])
            return elements
        case .shared:
            return elements
        }
    }
}

// MARK: - Collection

extension SupportedArray: RandomAccessCollection, MutableCollection {
    @inlinable public var startIndex: Int { 0 }

    @inlinable
    public var endIndex: Int {
        switch storage {
        case .owned(let elements): return elements.count
        case .shared(_, _, let count): return Int(count)
        }
    }

    /// The element at `position`, which must be below ``endIndex``.
    @inlinable
    public subscript(position: Int) -> SupportedType {
        get {
            switch storage {
            case .owned(let elements): return elements[position]
            case .shared(let slab, let start, let count):
                precondition(position >= 0 && position < Int(count), "SupportedArray index out of range")
                return slab.element(at: Int(start) + position)
            }
        }
        set {
            var elements = takeElements()
            elements[position] = newValue
            storage = .owned(elements)
        }
    }
}

extension SupportedArray: RangeReplaceableCollection {
    /// Replaces the elements in `range` with those of `newElements`.
    public mutating func replaceSubrange<C: Collection>(_ range: Range<Int>, with newElements: C)
    where C.Element == SupportedType {
        var elements = takeElements()
        elements.replaceSubrange(range, with: newElements)
        storage = .owned(elements)
    }

    /// Adds `element` at the end.
    @inlinable
    public mutating func append(_ element: SupportedType) {
        var elements = takeElements()
        elements.append(element)
        storage = .owned(elements)
    }

    /// Makes room for `minimumCapacity` elements.
    public mutating func reserveCapacity(_ minimumCapacity: Int) {
        var elements = takeElements()
        elements.reserveCapacity(minimumCapacity)
        storage = .owned(elements)
    }
}

// MARK: - Literals, equality, description

extension SupportedArray: ExpressibleByArrayLiteral {
    /// An array of the literal's values.
    @inlinable public init(arrayLiteral elements: SupportedType...) { self.init(elements) }
}

extension SupportedArray: Hashable {
    /// The same elements in the same order, wherever they are stored.
    @inlinable
    public static func == (lhs: SupportedArray, rhs: SupportedArray) -> Bool {
        if case .owned(let left) = lhs.storage, case .owned(let right) = rhs.storage { return left == right }
        return lhs.elementsEqual(rhs)
    }

    /// Hashes the elements in order, as `[SupportedType]` does.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for element in self { hasher.combine(element) }
    }
}

extension SupportedArray: CustomStringConvertible {
    /// The elements, written as an array literal.
    public var description: String { elements.description }
}
