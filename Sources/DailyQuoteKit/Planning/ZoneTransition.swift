/// A moment at which a zone's offset from UTC changes.
public struct ZoneTransition: Sendable, Codable, Equatable {
    /// The first second (Unix time) with the new local time type.
    public var at: Int64
    public var before: LocalTimeType
    public var after: LocalTimeType
}
