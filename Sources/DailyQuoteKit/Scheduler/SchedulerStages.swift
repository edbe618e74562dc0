/// What the foreground scheduler runs, built from one load of the config.
package struct SchedulerStages: Sendable {
    package var planner: DeliveryPlanner
    package var delivery: DeliveryStage
    package var refresh: FetchStage

    package init(planner: DeliveryPlanner, delivery: DeliveryStage, refresh: FetchStage) {
        self.planner = planner
        self.delivery = delivery
        self.refresh = refresh
    }

    /// The delivery the cached quote was fetched for, if there is one.
    var cachedFor: Int64? {
        if case .valid(let quote) = delivery.quotes.cache.read() { return quote.forDelivery }
        return nil
    }
}
