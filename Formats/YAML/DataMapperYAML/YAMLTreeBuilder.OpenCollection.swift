import DataMapperCore

extension YAMLTreeBuilder {
    /// A sequence or mapping whose start event is read and whose end event is not.
    ///
    /// The builder nests collections by a stack of these rather than by calls, so the
    /// thread's stack stays the same however deep the document is. Each one gathers its
    /// values, and remembers the entry it is reading so that an error's path can be
    /// read off the stack when it is thrown.
    struct OpenCollection {
        /// Whether it is a mapping (else a sequence).
        var isMapping = false
        /// Where its start event is.
        var position = SourcePosition.unknown
        /// The anchor it is registered under once it ends, if any.
        var anchor: String?
        /// What it holds so far (see ``Tally``), itself included.
        var count = Tally(values: 1, bytes: 1)
        /// The sequence's items, or the mapping's values in the order of their keys.
        var values: [SupportedType] = []
        /// Whether an item, or the value of the entry `key` names, is being read: the
        /// step this collection adds to an error's path.
        var readingChild = false

        // MARK: Mappings

        /// Finds the keys the mapping repeats among those on the key stacks from `base`.
        var finder = RepeatedKeyFinder()
        /// Where the mapping's keys start on ``YAMLTreeBuilder/keys`` (and the stacks
        /// beside it) and its merged mappings on ``YAMLTreeBuilder/merges``.
        var base = 0
        var mergeBase = 0

        // MARK: The entry being read

        /// The key whose value is being read, its fingerprint and where it is written.
        var key = ""
        var fingerprint: UInt64 = 0
        var keyPosition = SourcePosition.unknown
        /// Whether the key is a merge key (`<<`).
        var isMerge = false
        /// The place among the mapping's values of an earlier entry with the same key.
        var existing: Int?

        /// A placeholder for the document level, where no collection is open.
        init() {}

        /// An open sequence.
        init(sequenceAt position: SourcePosition, anchor: String?) {
            self.position = position
            self.anchor = anchor
        }

        /// An open mapping whose keys go on the key stacks from `base`, and its merged
        /// mappings on ``YAMLTreeBuilder/merges`` from `mergeBase`.
        init(mappingAt position: SourcePosition, anchor: String?, base: Int, mergeBase: Int) {
            isMapping = true
            self.position = position
            self.anchor = anchor
            self.base = base
            self.mergeBase = mergeBase
        }

        /// The step to the child being read, when one is.
        var childStep: DataPath.Component? {
            guard readingChild else { return nil }
            return isMapping ? .key(key) : .index(values.count)
        }

        /// The values, moved out.
        mutating func takeValues() -> [SupportedType] {
            var taken: [SupportedType] = []
            swap(&taken, &values)
            return taken
        }

        /// The key of the entry being read, moved out.
        mutating func takeKey() -> String {
            var taken = ""
            swap(&taken, &key)
            return taken
        }
    }
}
