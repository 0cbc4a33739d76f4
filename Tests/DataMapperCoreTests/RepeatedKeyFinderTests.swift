import DataMapperCore
import Testing

@Suite("Finding repeated keys")
struct RepeatedKeyFinderTests {
    /// Records `keys` in order, as a parser does with each new key, with the
    /// fingerprints `fingerprint` gives, and returns the finder and what it reported
    /// for each key: `nil` for a new key, the earlier place for a repeat.
    static func read(_ keys: [String], fingerprint: (String) -> UInt64) -> (finder: RepeatedKeyFinder, places: [Int?]) {
        var finder = RepeatedKeyFinder()
        var stored: [String] = []
        var fingerprints: [UInt64] = []
        var places: [Int?] = []
        for key in keys {
            let print = fingerprint(key)
            let place = finder.place(of: key, fingerprint: print, keys: stored, from: 0, fingerprints: fingerprints, from: 0)
            places.append(place)
            if place == nil {
                stored.append(key)
                fingerprints.append(print)
                finder.record(fingerprint: print, keys: stored, from: 0)
            }
        }
        return (finder, places)
    }

    static func distinct(_ count: Int) -> [String] {
        (0..<count).map { "key-\($0)" }
    }

    @Test("new keys are new and repeats name the first place, below and past the linear limit", arguments: [
        10, RepeatedKeyFinder.linearLimit, RepeatedKeyFinder.linearLimit + 1, 1_000,
    ])
    func findsRepeats(count: Int) {
        let keys = Self.distinct(count)
        let repeats = [keys[0], keys[count / 2], keys[count - 1]]
        let (_, places) = Self.read(keys + repeats) { KeyInterner.fingerprint(of: $0) }
        #expect(places.prefix(count).allSatisfy { $0 == nil })
        #expect(Array(places.suffix(3)) == [0, count / 2, count - 1])
    }

    @Test("keys that all share one fingerprint are still told apart", arguments: [
        RepeatedKeyFinder.linearLimit, 5_000,
    ])
    func sharedFingerprints(count: Int) {
        let keys = Self.distinct(count)
        let (_, places) = Self.read(keys + [keys[count - 2], "absent"]) { _ in 42 }
        #expect(places.prefix(count).allSatisfy { $0 == nil })
        #expect(Array(places.suffix(2)) == [count - 2, nil])
    }
}
