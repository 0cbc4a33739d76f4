import DataMapper
import Testing

/// The encoder's states for nested containers point back at their parents; none of
/// them may outlive the encode, whether it succeeds or fails.
@Suite struct EncoderLifetimeTests {
    final class WeakBox: @unchecked Sendable {
        // Written once inside encode(to:), read after the encode returns, on one thread.
        weak var encoder: AnyObject?
    }

    struct Failure: Error {}

    /// Keeps a weak reference to the encoder it is given, and encodes through nested
    /// containers and a super encoder.
    struct Capturing: Encodable {
        enum Key: String, CodingKey { case a, b, c }
        let box: WeakBox
        let fails: Bool

        func encode(to encoder: any Encoder) throws {
            box.encoder = encoder as AnyObject
            var container = encoder.container(keyedBy: Key.self)
            var nested = container.nestedContainer(keyedBy: Key.self, forKey: .a)
            try nested.encode(1, forKey: .b)
            var list = container.nestedUnkeyedContainer(forKey: .b)
            try list.encode("x")
            try "super".encode(to: container.superEncoder(forKey: .c))
            if fails { throw Failure() }
        }
    }

    struct Outer: Encodable {
        let inner: Capturing
    }

    @Test("every state of a nested encode is freed after it", arguments: [false, true])
    func statesAreFreed(fails: Bool) throws {
        let box = WeakBox()
        let encoded = try? SupportedTypeEncoder().encode(Outer(inner: Capturing(box: box, fails: fails)))
        if !fails { #expect(encoded == ["inner": ["a": ["b": 1], "b": ["x"], "c": "super"]]) }
        #expect(box.encoder == nil)
    }
}
