/// What the foreground scheduler runs, built from one load of the config.
package struct SchedulerStages: Sendable {
    package var planner: DeliveryPlanner
    package var delivery: DeliveryStage
    package var refresh: FetchStage
    /// The file whose `enabled = false` turns the quotes off, where one does: the scheduler stops.
    package var turnedOffIn: String?

    package init(planner: DeliveryPlanner, delivery: DeliveryStage, refresh: FetchStage, turnedOffIn: String? = nil) {
        self.planner = planner
        self.delivery = delivery
        self.refresh = refresh
        self.turnedOffIn = turnedOffIn
    }

    /// The delivery the cached quote was fetched for, if there is one.
    var cachedFor: Int64? {
        if case .valid(let quote) = delivery.quotes.cache.read() { return quote.forDelivery }
        return nil
    }
}
