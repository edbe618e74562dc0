import DailyQuoteKit

/// What the next run of each stage would do, one line per stage.
struct RunPlanDescription {
    let context: CommandContext
    let preview: SchedulePreview

    var stageLines: [String] {
        guard let next = preview.deliveries.first else { return [] }
        let format = ZonedTimeFormat(zone: context.zone)
        let nextRefresh = preview.deliveries.map(\.refreshAt).first { $0 >= context.now } ?? next.refreshAt
        let refresh = context.config.refresh
        let catchUp = context.config.delivery.catchUp
        return [
            "refresh: would fetch a quote at \(format.display(nextRefresh)) "
                + "(\(ZonedTimeFormat.relative(from: context.now, to: nextRefresh))) under a \(refresh.timeout) deadline "
                + "and cache it in \(context.paths.cacheDirectory)",
            "notify: would post the cached quote at \(format.display(next.at)) "
                + "(\(ZonedTimeFormat.relative(from: context.now, to: next.at)))"
                + (context.planner.rules.count > 1 ? " for slot [\(next.slot)]" : "") + "; "
                + (catchUp.seconds > 0
                    ? "a delivery missed by at most \(catchUp) is posted late" : "a missed delivery is skipped (catch_up = \"0\")"),
        ]
    }
}
