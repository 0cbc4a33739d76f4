import DataMapperCore
import Testing

@Suite("GrowableBuffer and ContainerBuilder")
struct GrowableBufferTests {
    /// A class whose instances count themselves, to see that every element the buffer
    /// held is destroyed exactly once.
    final class Tracked {
        nonisolated(unsafe) static var alive = 0
        let number: Int
        init(_ number: Int) {
            self.number = number
            Tracked.alive += 1
        }
        deinit { Tracked.alive -= 1 }
    }

    @Test("elements survive growth, move out in order, and are destroyed once")
    func growthAndLifetime() {
        let before = Tracked.alive
        do {
            let buffer = GrowableBuffer<Tracked>(capacity: 1)
            for number in 0..<1_000 { buffer.append(Tracked(number)) }
            #expect(buffer.elementCount == 1_000)
            #expect(buffer[999].number == 999)
            let top = buffer.takeArray(from: 990)
            #expect(top.map(\.number) == Array(990..<1_000))
            #expect(buffer.elementCount == 990)
            buffer.removeAll(from: 500)
            #expect(buffer.elementCount == 500)
            #expect(Tracked.alive - before == 500 + top.count)
        }
        // The buffer freed what it still held; the array moved out was freed with it.
        #expect(Tracked.alive == before)
    }

    @Test("bytes append from runs and in place")
    func bytes() {
        let buffer = GrowableBuffer<UInt8>(capacity: 2)
        let text: [UInt8] = Array("hello, world".utf8)
        text.withUnsafeBufferPointer { buffer.append(contentsOf: $0) }
        buffer.appendInPlace(upTo: 8) { target in
            target[0] = UInt8(ascii: "!")
            return 1
        }
        #expect(buffer.bytes == Array("hello, world!".utf8))
    }

    @Test("nested containers close into arrays and maps of their own values")
    func nestedContainers() {
        let builder = ContainerBuilder()
        let outer = builder.open()
        builder.append(.int(1))
        let inner = builder.open()
        builder.append(.string("a"))
        builder.append(.string("b"))
        builder.replace(1, since: inner, with: .string("c"))
        let map = builder.closeMap(inner, keys: ["x", "y"])
        builder.append(SupportedType(.dictionary(map)))
        let array = builder.closeArray(outer)
        #expect(array == [.int(1), ["x": "a", "y": "c"]])
        #expect(map.keys == ["x", "y"])
        #expect(builder.count(since: builder.open()) == 0)
    }
}
