/// What a relationship does with the related objects a model already has when an
/// import brings new ones.
///
/// The policies of a to-one relationship and of a to-many relationship are separate
/// types, so a policy that makes no sense for a relationship does not compile.
public enum AssignmentPolicy {
    /// The policies of a to-one relationship.
    public enum ToOne: Sendable, Hashable {
        /// The new related object replaces the old one; `null` clears it. The default.
        case assign
        /// The new related object replaces the old one unless there is none (`null`,
        /// or a weak relationship that found nothing to bind to).
        case objectMerge
        /// As ``assign``, and the old related object is deleted from the store when
        /// it is not the new one.
        case objectReplace
    }

    /// The policies of a to-many relationship.
    public enum ToMany: Sendable, Hashable {
        /// The new related objects replace the old ones. The default.
        case assign
        /// The old related objects stay and the new ones join them: an object with
        /// the key (or, for a class, the identity) of an old one takes its place,
        /// the others are appended.
        case collectionMerge
        /// As ``assign``, and every old related object that is not among the new ones
        /// is deleted from the store.
        case collectionReplace
    }
}
