import DataMapperCore

extension XMLWriter {
    /// An element whose start tag is written and whose children are being written.
    ///
    /// The writer nests elements by a stack of these rather than by calls, so the
    /// thread's stack stays the same however deep the value is. Each one remembers
    /// which child it is writing, so an error's path is read off the stack when it is
    /// thrown.
    struct OpenElement {
        /// The element's name, for its end tag.
        let name: String
        /// How many elements enclose it.
        let depth: Int
        /// How many prefixes were in scope before its own attributes declared theirs.
        let declaredBefore: Int
        /// Whether its children are the items of `items` (else the child keys of `map`).
        let isArray: Bool
        /// The dictionary the element stands for; empty for an array.
        let map: OrderedMap
        /// The array the element stands for; empty for a dictionary.
        let items: SupportedArray
        /// The entry of `map` holding the element's text, or -1.
        let textIndex: Int
        /// Where to go on: the next entry of `map`, and the next item of the array that
        /// entry holds (or of `items`).
        var nextEntry = 0
        var nextItem = 0
        /// The entry and the item whose element is being written, for an error's path;
        /// -1 when none is.
        var childEntry = -1
        var childItem = -1

        /// An element standing for the dictionary `map`, begun as `started`, whose
        /// children are written up to item `nextItem` of entry `nextEntry`.
        init(_ started: StartedDictionary, map: OrderedMap, nextEntry: Int, nextItem: Int) {
            self.name = started.name
            self.depth = started.depth
            self.declaredBefore = started.declaredBefore
            self.isArray = false
            self.map = map
            self.items = SupportedArray()
            self.textIndex = started.textIndex
            self.nextEntry = nextEntry
            self.nextItem = nextItem
        }

        /// An element standing for an array, whose items become `<item>` children,
        /// written up to `nextItem`.
        init(name: String, depth: Int, items: SupportedArray, nextItem: Int, declaredBefore: Int) {
            self.name = name
            self.depth = depth
            self.declaredBefore = declaredBefore
            self.isArray = true
            self.map = OrderedMap()
            self.items = items
            self.textIndex = -1
            self.nextItem = nextItem
        }
    }

    /// An element standing for a dictionary whose start tag is written: what its end
    /// needs.
    struct StartedDictionary {
        /// The element's name, for its end tag.
        let name: String
        /// How many elements enclose it.
        let depth: Int
        /// How many prefixes were in scope before its own attributes declared theirs.
        let declaredBefore: Int
        /// The entry of the dictionary holding the element's text, or -1.
        let textIndex: Int
        /// Whether it has child elements, which put its text and end tag on lines of
        /// their own.
        let hasChildren: Bool
    }
}
