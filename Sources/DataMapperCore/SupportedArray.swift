/// The elements of an array value, in order: the payload of ``SupportedType/Kind/array(_:)``.
///
/// It behaves like `[SupportedType]`, whose storage it is: a random-access, mutable,
/// range-replaceable collection with value semantics, which array literals build.
/// ``elements`` gives the Swift array without a copy.
public struct SupportedArray: Sendable {
    /// The elements as a Swift array, sharing its storage.
    public var elements: [SupportedType]

    /// An empty array.
    @inlinable public init() { elements = [] }

    /// An array of `elements`, sharing their storage.
    @inlinable public init(_ elements: [SupportedType]) { self.elements = elements }

    /// An array of the values of `sequence`, in order.
    @inlinable
    public init<S: Sequence>(_ sequence: S) where S.Element == SupportedType {
        elements = Array(sequence)
    }

    /// Calls `body` with the elements in contiguous memory, borrowed, without a copy.
    ///
    /// The buffer is valid only during the call; writers use it to walk large arrays
    /// without retaining each element.
    @inlinable
    public func withUnsafeBufferPointer<R, E: Error>(
        _ body: (UnsafeBufferPointer<SupportedType>) throws(E) -> R
    ) throws(E) -> R {
        try elements.withUnsafeBufferPointer(body)
    }
}

// MARK: - Collection

extension SupportedArray: RandomAccessCollection, MutableCollection {
    @inlinable public var startIndex: Int { 0 }

    @inlinable public var endIndex: Int { elements.count }

    /// The element at `position`, which must be below ``endIndex``.
    @inlinable
    public subscript(position: Int) -> SupportedType {
        get { elements[position] }
        _modify { yield &elements[position] }
    }
}

extension SupportedArray: RangeReplaceableCollection {
    /// Replaces the elements in `range` with those of `newElements`.
    @inlinable
    public mutating func replaceSubrange<C: Collection>(_ range: Range<Int>, with newElements: C)
    where C.Element == SupportedType {
        elements.replaceSubrange(range, with: newElements)
    }

    /// Adds `element` at the end.
    @inlinable
    public mutating func append(_ element: SupportedType) { elements.append(element) }

    /// Makes room for `minimumCapacity` elements.
    @inlinable
    public mutating func reserveCapacity(_ minimumCapacity: Int) { elements.reserveCapacity(minimumCapacity) }
}

// MARK: - Literals, equality, description

extension SupportedArray: ExpressibleByArrayLiteral {
    /// An array of the literal's values.
    @inlinable public init(arrayLiteral elements: SupportedType...) { self.init(elements) }
}

extension SupportedArray: Hashable {
    /// The same elements in the same order.
    @inlinable
    public static func == (lhs: SupportedArray, rhs: SupportedArray) -> Bool { lhs.elements == rhs.elements }

    /// Hashes the elements in order, as `[SupportedType]` does.
    public func hash(into hasher: inout Hasher) { hasher.combine(elements) }
}

extension SupportedArray: CustomStringConvertible {
    /// The elements, written as an array literal.
    public var description: String { elements.description }
}
