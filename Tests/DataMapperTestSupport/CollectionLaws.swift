import Testing

/// Checks that `collection` keeps the laws of a random-access collection whose elements
/// are `expected`, in order, comparing elements with `areEqual`.
///
/// Every way of reaching the elements must agree: iteration, walking the indices forward
/// and backward, `indices`, offsets and distances between any two positions, bounded
/// offsets at the ends, `first` and `last`, and slices. A collection that counts one
/// way and iterates another, or whose indices skip, fails here.
public func checkCollection<C: RandomAccessCollection>(
    _ collection: C,
    expected: [C.Element],
    by areEqual: (C.Element, C.Element) -> Bool,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    func same(_ left: some Sequence<C.Element>, _ right: some Sequence<C.Element>) -> Bool {
        let left = Array(left), right = Array(right)
        return left.count == right.count && zip(left, right).allSatisfy { areEqual($0, $1) }
    }

    #expect(collection.count == expected.count, "count", sourceLocation: sourceLocation)
    #expect(collection.isEmpty == expected.isEmpty, "isEmpty", sourceLocation: sourceLocation)
    #expect(same(collection, expected), "iteration", sourceLocation: sourceLocation)
    #expect(same(collection.reversed(), expected.reversed()), "reversed", sourceLocation: sourceLocation)

    // Forward: every index reached by index(after:) holds the element of its place.
    var forward: [C.Index] = []
    var index = collection.startIndex
    while index != collection.endIndex, forward.count <= expected.count {
        forward.append(index)
        index = collection.index(after: index)
    }
    #expect(forward.count == expected.count, "walking forward reaches endIndex after count steps", sourceLocation: sourceLocation)
    guard forward.count == expected.count else { return }
    #expect(Array(collection.indices) == forward, "indices", sourceLocation: sourceLocation)
    for (place, index) in forward.enumerated() {
        #expect(areEqual(collection[index], expected[place]), "subscript at place \(place)", sourceLocation: sourceLocation)
    }

    // Backward from endIndex, through the same indices.
    var backward: [C.Index] = []
    index = collection.endIndex
    while index != collection.startIndex, backward.count <= expected.count {
        index = collection.index(before: index)
        backward.append(index)
    }
    #expect(Array(backward.reversed()) == forward, "walking backward", sourceLocation: sourceLocation)

    // Offsets and distances between every pair of positions, endIndex included.
    let positions = forward + [collection.endIndex]
    for (from, start) in positions.enumerated() {
        for (to, end) in positions.enumerated() {
            #expect(collection.distance(from: start, to: end) == to - from, "distance \(from) to \(to)", sourceLocation: sourceLocation)
            #expect(collection.index(start, offsetBy: to - from) == end, "offset \(from) by \(to - from)", sourceLocation: sourceLocation)
        }
        // Bounded offsets stop at the ends, one past them give nil.
        let toEnd = positions.count - 1 - from
        #expect(collection.index(start, offsetBy: toEnd, limitedBy: collection.endIndex) == collection.endIndex, sourceLocation: sourceLocation)
        #expect(collection.index(start, offsetBy: toEnd + 1, limitedBy: collection.endIndex) == nil, sourceLocation: sourceLocation)
        #expect(collection.index(start, offsetBy: -from - 1, limitedBy: collection.startIndex) == nil, sourceLocation: sourceLocation)
    }

    #expect(collection.first.map { areEqual($0, expected[0]) } ?? expected.isEmpty, "first", sourceLocation: sourceLocation)
    #expect(collection.last.map { areEqual($0, expected[expected.count - 1]) } ?? expected.isEmpty, "last", sourceLocation: sourceLocation)

    // Slices: every range of up to three elements, and the whole.
    for from in positions.indices {
        for to in from..<min(from + 4, positions.count) {
            let slice = collection[positions[from]..<positions[to]]
            #expect(same(slice, expected[from..<to]), "slice \(from)..<\(to)", sourceLocation: sourceLocation)
            #expect(slice.startIndex == positions[from] && slice.endIndex == positions[to], "slice indices", sourceLocation: sourceLocation)
        }
    }
    #expect(same(collection[...], expected), "full slice", sourceLocation: sourceLocation)
}

/// Checks that `collection` keeps the laws of a random-access collection whose elements
/// are `expected`, in order.
public func checkCollection<C: RandomAccessCollection>(
    _ collection: C,
    expected: [C.Element],
    sourceLocation: SourceLocation = #_sourceLocation
) where C.Element: Equatable {
    checkCollection(collection, expected: expected, by: ==, sourceLocation: sourceLocation)
}
