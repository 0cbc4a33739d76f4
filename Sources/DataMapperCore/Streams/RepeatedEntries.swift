/// What a piece reader does with the entries of an opened dictionary whose keys repeat,
/// settled before the first entry is told so that the dictionary's count leaves out
/// the entries the ``DuplicateKeyPolicy`` drops.
///
/// A tree reader keeps one entry per key: the first under
/// ``DuplicateKeyPolicy/firstWins``, the last one's value in the first one's place
/// under ``DuplicateKeyPolicy/lastWins``, and under ``DuplicateKeyPolicy/error`` it
/// stops at the first repeat. The pieces follow it: an entry not told is still read
/// (its errors come in their place), and a value told in another entry's place is read
/// from where it stands (`Place`, a format's way of finding it again).
package struct RepeatedEntries<Place: Sendable>: Sendable {
    /// What becomes of an entry that is not simply told.
    package enum Fate: Sendable {
        /// Read for its errors, not told.
        case skipped
        /// A repeat refused under ``DuplicateKeyPolicy/error``; the key first appeared at
        /// that position (and offset, for messages that name bytes).
        case refused(firstAt: SourcePosition, offset: Int)
        /// Told with the value of a later entry of the same key, which stands at `Place`.
        case replaced(by: Place)
    }

    private let policy: DuplicateKeyPolicy
    /// The fate of every entry that is not simply told, by index.
    private var fates: [Int: Fate] = [:]
    /// The first entry of each key seen so far; dropped by ``forgetKeys()``.
    private var firsts: [String: (index: Int, position: SourcePosition, offset: Int)] = [:]
    /// How many entries are not told.
    package private(set) var skipped = 0

    /// A plan for a dictionary read under `policy`, before its first key.
    package init(policy: DuplicateKeyPolicy) {
        self.policy = policy
    }

    /// Takes the key of the entry numbered `index`, which stands at `position` (and
    /// byte `offset`), its value at `value`.
    package mutating func record(key: String, index: Int, position: SourcePosition, offset: Int, value: Place) {
        guard let first = firsts[key] else {
            firsts[key] = (index, position, offset)
            return
        }
        switch policy {
        case .error:
            fates[index] = .refused(firstAt: first.position, offset: first.offset)
        case .firstWins:
            fates[index] = .skipped
            skipped += 1
        case .lastWins:
            fates[index] = .skipped
            skipped += 1
            fates[first.index] = .replaced(by: value)
        }
    }

    /// Drops the keys, once every entry has been recorded.
    package mutating func forgetKeys() {
        firsts = [:]
    }

    /// What becomes of the entry numbered `index`; `nil` when it is simply told.
    package func fate(of index: Int) -> Fate? {
        fates[index]
    }
}
