/// A moment at which a zone's offset from UTC changes.
package struct ZoneTransition: Sendable, Codable, Equatable {
    /// The first second (Unix time) with the new local time type.
    package var at: Int64
    package var before: LocalTimeType
    package var after: LocalTimeType
}
