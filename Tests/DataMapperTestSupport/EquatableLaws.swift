import Testing

/// Checks the laws of `Equatable` over `groups`: values in one group are meant equal,
/// values in different groups unequal.
///
/// Every pair is compared both ways, so equality must be reflexive and symmetric, and
/// must agree with the grouping; because the groups partition the values, agreeing with
/// them makes it transitive too. `!=` must be the negation of `==`.
public func checkEquatable<T: Equatable>(_ groups: [[T]], sourceLocation: SourceLocation = #_sourceLocation) {
    let values = groups.enumerated().flatMap { group, members in members.map { (group, $0) } }
    for (leftGroup, left) in values {
        #expect(left == left, "reflexive: \(left)", sourceLocation: sourceLocation)
        for (rightGroup, right) in values {
            let meant = leftGroup == rightGroup
            #expect((left == right) == meant, "\(left) == \(right) should be \(meant)", sourceLocation: sourceLocation)
            #expect((left == right) == (right == left), "symmetric: \(left), \(right)", sourceLocation: sourceLocation)
            #expect((left != right) == !(left == right), "!= negates ==: \(left), \(right)", sourceLocation: sourceLocation)
        }
    }
}

/// Checks the laws of `Hashable` over `groups`, as ``checkEquatable(_:sourceLocation:)``
/// does those of `Equatable`: equal values must hash alike, by `hashValue` and by
/// `hash(into:)` fed to fresh hashers, and a `Set` of all the values must hold one per
/// group.
///
/// The `Set` is built only when the hashes kept the laws: the standard library traps
/// when it finds equal members hashed apart, which would end the test run instead of
/// failing the test.
public func checkHashable<T: Hashable>(_ groups: [[T]], sourceLocation: SourceLocation = #_sourceLocation) {
    checkEquatable(groups, sourceLocation: sourceLocation)
    func hashed(_ value: T) -> Int {
        var hasher = Hasher()
        value.hash(into: &hasher)
        return hasher.finalize()
    }
    var lawful = true
    for group in groups {
        guard let first = group.first else { continue }
        for member in group {
            #expect(member.hashValue == first.hashValue, "equal values, equal hashValue: \(member), \(first)", sourceLocation: sourceLocation)
            #expect(hashed(member) == hashed(first), "equal values, equal hash(into:): \(member), \(first)", sourceLocation: sourceLocation)
            #expect(hashed(member) == member.hashValue, "hash(into:) and hashValue agree: \(member)", sourceLocation: sourceLocation)
            lawful = lawful && member.hashValue == first.hashValue && hashed(member) == hashed(first)
        }
    }
    guard lawful else { return }
    #expect(Set(groups.joined()).count == groups.filter { !$0.isEmpty }.count, "one Set member per group", sourceLocation: sourceLocation)
}
