/// Sorted numbers grouped into runs of consecutive values: `[1, 2, 3, 5]` → `[1...3, 5...5]`.
///
/// The one run-length grouping behind every compact day list: `status`'s `Mon-Fri`,
/// systemd's `Mon..Fri` and the absolute timers' `01..05,07`.
enum ConsecutiveRuns {
    /// The runs in `values`, which must be sorted ascending without repeats.
    static func of(_ values: [Int]) -> [ClosedRange<Int>] {
        var runs: [ClosedRange<Int>] = []
        for value in values {
            if let last = runs.last, last.upperBound + 1 == value {
                runs[runs.count - 1] = last.lowerBound...value
            } else {
                runs.append(value...value)
            }
        }
        return runs
    }

    /// Each run as `first<separator>last` when it has at least `minimum` values, else each value
    /// on its own; all joined by `joiner`.
    static func text(
        _ values: [Int], rangeSeparator: String, joiner: String, minimum: Int, name: (Int) -> String
    ) -> String {
        of(values).flatMap { run in
            run.count >= minimum ? ["\(name(run.lowerBound))\(rangeSeparator)\(name(run.upperBound))"] : run.map(name)
        }.joined(separator: joiner)
    }
}
