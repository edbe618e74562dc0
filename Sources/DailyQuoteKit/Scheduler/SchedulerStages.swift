/// What the foreground scheduler runs, built from one load of the config.
public struct SchedulerStages: Sendable {
    public var planner: DeliveryPlanner
    public var delivery: DeliveryStage
    public var refresh: RefreshStage

    public init(planner: DeliveryPlanner, delivery: DeliveryStage, refresh: RefreshStage) {
        self.planner = planner
        self.delivery = delivery
        self.refresh = refresh
    }

    /// The delivery the cached quote was fetched for, if there is one.
    var cachedFor: Int64? {
        if case .quote(let quote) = delivery.cache.read() { return quote.forDelivery }
        return nil
    }
}
