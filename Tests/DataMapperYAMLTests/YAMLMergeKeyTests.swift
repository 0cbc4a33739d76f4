import DataMapper
import DataMapperTestSupport
import DataMapperYAML
import Testing

@Suite struct YAMLMergeKeyTests {
    @Test("a merge key copies the entries of one mapping")
    func singleMapping() throws {
        let value = try readYAML("""
        defaults: &defaults
          adapter: postgres
          host: localhost
        development:
          database: dev
          <<: *defaults
        """)
        #expect(value["development"] == ["database": "dev", "adapter": "postgres", "host": "localhost"])
        guard case .dictionary(let map)? = value["development"]?.kind else { Issue.record("not a mapping"); return }
        #expect(map.keys == ["database", "adapter", "host"])
        #expect(value["development"]?["host"]?.position == .text(line: 3, column: 9))
    }

    @Test("keys written in the mapping win, wherever they stand, and earlier merged mappings win over later ones")
    func precedence() throws {
        let value = try readYAML("""
        - &CENTER {x: 1, y: 2}
        - &LEFT {x: 0, y: 2}
        - &BIG {r: 10}
        - &SMALL {r: 1}
        - x: 9
          <<: [*CENTER, *BIG, *SMALL]
          label: center/big
          r: 7
        - <<: [*BIG, *LEFT, *SMALL]
          x: 1
        """)
        #expect(value[4] == ["x": 9, "y": 2, "r": 7, "label": "center/big"])
        #expect(value[5] == ["r": 10, "x": 1, "y": 2])
        guard case .dictionary(let map)? = value[5]?.kind else { Issue.record("not a mapping"); return }
        #expect(map.keys == ["r", "y", "x"])
    }

    @Test("mappings shaped like an earlier merged one take their own values and their merged mappings' keys")
    func repeatedShapes() throws {
        let value = try readYAML("""
        - &A {x: 1, y: 2}
        - &B {x: 3, z: 4}
        - {name: a1, <<: *A, y: 5}
        - {name: a2, <<: *A, y: 6}
        - {name: b1, <<: *B, y: 7}
        - {name: i1, <<: {x: 8, y: 9}, y: 10}
        - {name: i2, <<: {x: 11, w: 12}, y: 13}
        - {name: c1, <<: [*A, *B], y: 14}
        - {name: c2, <<: [*B, *A], y: 15}
        - {name: c3, <<: [*A, *B], y: 16}
        - {<<: *B}
        """)
        #expect(value[2] == ["name": "a1", "x": 1, "y": 5])
        #expect(value[3] == ["name": "a2", "x": 1, "y": 6])
        #expect(value[4] == ["name": "b1", "x": 3, "z": 4, "y": 7])
        #expect(value[5] == ["name": "i1", "x": 8, "y": 10])
        #expect(value[6] == ["name": "i2", "x": 11, "w": 12, "y": 13])
        #expect(value[7] == ["name": "c1", "x": 1, "z": 4, "y": 14])
        #expect(value[8] == ["name": "c2", "x": 3, "z": 4, "y": 15])
        #expect(value[9] == ["name": "c3", "x": 1, "z": 4, "y": 16])
        #expect(value[10] == ["x": 3, "z": 4])
        #expect(value[10]?.position == .text(line: 11, column: 3))
        guard case .dictionary(let map)? = value[8]?.kind else { Issue.record("not a mapping"); return }
        #expect(map.keys == ["name", "x", "z", "y"])
        #expect(value[3]?["x"]?.position == .text(line: 1, column: 10))
    }

    @Test("a merge key after keys that repeat the mapping before it still merges")
    func mergeAfterRepeatedShape() throws {
        let value = try readYAML("- &m {x: 1}\n- {a: 1, b: 2}\n- {a: 3, <<: *m, b: 4}\n- {a: 5, b: 6}\n")
        #expect(value[2] == ["a": 3, "x": 1, "b": 4])
        guard case .dictionary(let map)? = value[2]?.kind else { Issue.record("not a mapping"); return }
        #expect(map.keys == ["a", "x", "b"])
        #expect(value[3] == ["a": 5, "b": 6])
    }

    @Test("a merge key may hold an inline mapping")
    func inlineMapping() throws {
        #expect(try readYAML("a: 1\n<<: {a: 2, b: 3}\n") == ["a": 1, "b": 3])
    }

    @Test("a merge key with anything but mappings is an error", arguments: [
        ("<<: 1\n", "a merge key '<<' takes a mapping or a list of mappings, found a number", 1, 5),
        ("<<: [{a: 1}, text]\n", "item 1 of the list after a merge key '<<' is the string \"text\", not a mapping", 1, 14),
    ])
    func invalidMerge(text: String, message: String, line: Int, column: Int) throws {
        let error = try expectError(kind: .syntax) { _ = try readYAML(text) }
        #expect(error.problem == message)
        #expect(error.location?.position == .text(line: line, column: column))
    }

    @Test("a quoted << and the mergeKeys option turned off give an ordinary key")
    func ordinaryKey() throws {
        #expect(try readYAML("'<<': {a: 1}\n") == ["<<": ["a": 1]])
        #expect(try readYAML("<<: {a: 1}\n", .init(mergeKeys: false)) == ["<<": ["a": 1]])
    }
}
