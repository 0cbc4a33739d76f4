@testable import DataMapperCore
import Testing

@Suite("KeyInterner")
struct KeyInternerTests {
    /// Looks `key` up in `cache`, counting how often the cache has to make the string.
    static func lookUp(_ key: String, in cache: inout KeyInterner, made: inout Int) -> (key: String, fingerprint: UInt64)? {
        countingMakes(of: key, in: &made) { cache.string($0, make: $1) }
    }

    @Test("a message of a few keys keeps a small table and shares its repeats")
    func smallMessages() throws {
        var cache = KeyInterner()
        var made = 0
        let keys = ["id", "name", "ok", "values", "tags"]
        for _ in 0..<2 {
            for key in keys {
                let found = try #require(Self.lookUp(key, in: &cache, made: &made))
                #expect(found.key == key)
                #expect(found.fingerprint == KeyInterner.fingerprint(of: key))
            }
        }
        #expect(cache.table.slots.count == 16)
        // Five keys in sixteen slots: at most a collision or two makes a key again.
        #expect(made < keys.count + 3)
    }

    @Test("a document of many keys grows the table and keeps answering right")
    func growth() throws {
        var cache = KeyInterner()
        var made = 0
        let keys = (0..<300).map { "key number \($0)" }
        for key in keys { #expect(try #require(Self.lookUp(key, in: &cache, made: &made)).key == key) }
        #expect(cache.table.slots.count == 256)
        #expect(made == keys.count)
        // Keys looked up after the table grew are still held.
        let before = made
        for key in keys.suffix(4) { #expect(try #require(Self.lookUp(key, in: &cache, made: &made)).key == key) }
        #expect(made < before + 4)
    }
}

/// Gives `lookUp` the UTF-8 of `text` and a maker of validated strings that counts its
/// calls in `made`: how the key cache tests see whether a string was made or shared.
func countingMakes<Result>(
    of text: String, in made: inout Int,
    _ lookUp: (UnsafeBufferPointer<UInt8>, (UnsafeBufferPointer<UInt8>) -> String?) -> Result
) -> Result {
    var text = text
    return text.withUTF8 { run in
        lookUp(run) { bytes in
            made += 1
            return UTF8Validation.makeString(bytes)
        }
    }
}
