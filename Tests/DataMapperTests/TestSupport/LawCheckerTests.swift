import DataMapperTestSupport
import Testing

/// The law checkers catch what they are for: each is run on a type that breaks one law
/// and must record an issue.
@Suite struct LawCheckerTests {
    /// A collection whose offsets go twice as far as they should.
    struct MisoffsetCollection: RandomAccessCollection {
        let elements: [Int]
        var startIndex: Int { 0 }
        var endIndex: Int { elements.count }
        var count: Int { elements.count }
        subscript(position: Int) -> Int { elements[position] }
        func index(_ index: Int, offsetBy distance: Int) -> Int { index + 2 * distance }
    }

    /// A value whose equality ignores `tag` but whose hash does not.
    struct HashesTooMuch: Hashable, CustomStringConvertible {
        let value: Int
        let tag: Int
        static func == (lhs: Self, rhs: Self) -> Bool { lhs.value == rhs.value }
        func hash(into hasher: inout Hasher) {
            hasher.combine(value)
            hasher.combine(tag)
        }
        var description: String { "\(value)/\(tag)" }
    }

    /// A value equal to nothing, itself included.
    struct NeverEqual: Equatable, CustomStringConvertible {
        static func == (_: Self, _: Self) -> Bool { false }
        var description: String { "never" }
    }

    @Test("checkCollection passes a lawful collection and flags wrong contents and wrong offsets")
    func collectionChecker() {
        checkCollection([1, 2, 3], expected: [1, 2, 3])
        withKnownIssue { checkCollection([1, 2, 3], expected: [1, 2, 4]) }
        withKnownIssue { checkCollection(MisoffsetCollection(elements: [1, 2]), expected: [1, 2]) }
    }

    @Test("checkEquatable flags a relation that is not reflexive, and groups that disagree with ==")
    func equatableChecker() {
        checkEquatable([[1, 1], [2]])
        withKnownIssue { checkEquatable([[NeverEqual()]]) }
        withKnownIssue { checkEquatable([[1], [1]]) }
        withKnownIssue { checkEquatable([[1, 2]]) }
    }

    @Test("checkHashable flags equal values that hash differently")
    func hashableChecker() {
        checkHashable([[HashesTooMuch(value: 1, tag: 0)], [HashesTooMuch(value: 2, tag: 0)]])
        withKnownIssue { checkHashable([[HashesTooMuch(value: 1, tag: 0), HashesTooMuch(value: 1, tag: 1)]]) }
    }
}
