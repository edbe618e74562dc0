/// What the foreground scheduler does next, decided without I/O.
package enum SchedulerStep: Sendable, Equatable {
    /// Fetch for the delivery at `delivery`, at `at` (which may be now).
    case refresh(at: Int64, delivery: Int64)
    /// Wake at `at` for a delivery (or a retry of one).
    case deliver(at: Int64)

    /// The instant of the step.
    package var at: Int64 {
        switch self {
        case .refresh(let at, _), .deliver(let at): at
        }
    }

    /// The next step after `now`.
    ///
    /// A refresh comes first unless the next delivery already has one (`refreshedFor`, the
    /// delivery of the last attempt, or of the cached quote). A missed refresh time is caught
    /// up at once. `retryAt` brings a failed delivery's retry forward.
    package static func next(
        planner: DeliveryPlanner, now: Int64, refreshedFor: Int64?, retryAt: Int64? = nil
    ) -> SchedulerStep? {
        guard let delivery = planner.deliveries(from: now + 1, count: 1).first else { return nil }
        var step = SchedulerStep.deliver(at: delivery.at)
        if refreshedFor != delivery.at {
            step = .refresh(at: max(delivery.refreshAt, now), delivery: delivery.at)
        }
        if let retryAt, retryAt < step.at { step = .deliver(at: retryAt) }
        return step
    }
}
