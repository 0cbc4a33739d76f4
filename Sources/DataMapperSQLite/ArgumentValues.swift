import GRDB

/// Statement arguments' values as GRDB's `StatementArguments` reads them: a sequence
/// of optional `DatabaseValueConvertible` existentials.
///
/// GRDB's initializer runs unspecialized from this module, so it reaches every value
/// through the sequence's witnesses: this type's iterator, not generic over its
/// values, costs less per value than an array's, and its count lets the initializer
/// make room for all the values at once.
struct ArgumentValues: Sequence {
    let values: ArraySlice<DatabaseValue>

    var underestimatedCount: Int { values.count }

    func makeIterator() -> Iterator {
        Iterator(values: values, offset: values.startIndex)
    }

    struct Iterator: IteratorProtocol {
        let values: ArraySlice<DatabaseValue>
        var offset: Int

        mutating func next() -> (any DatabaseValueConvertible)?? {
            guard offset < values.endIndex else { return nil }
            let value = values[offset]
            offset += 1
            return .some(value)
        }
    }
}
