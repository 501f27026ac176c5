import Foundation
import Testing
import WeiboPlatform

/// The seeded fault soak (`FaultSoak`). `make test` runs a short one (2 seeds, 2 days);
/// `make soak` the long one (`SOAK_SEEDS`, `SOAK_DAYS`: 20 seeds of 30 days). A broken
/// invariant names its seed and the steps that led there; the seed alone replays it.
/// The seeds run one after the other: the tally's figures are then each run's alone.
@Suite(.serialized) struct FaultSoakTests {
    static var environment: [String: String] { ProcessInfo.processInfo.environment }

    /// The seeds to run: `SOAK_SEEDS` (`1-20`, or `3,7`), else 1 and 2.
    static var seeds: [UInt64] {
        guard let text = environment["SOAK_SEEDS"], !text.isEmpty else { return [1, 2] }
        return text.split(separator: ",").flatMap { part -> [UInt64] in
            let ends = part.split(separator: "-").compactMap { UInt64($0.trimmingCharacters(in: .whitespaces)) }
            guard let first = ends.first else { return [] }
            return Array(first...(ends.last ?? first))
        }
    }

    static var days: Int { environment["SOAK_DAYS"].flatMap { Int($0) } ?? 2 }

    @Test(arguments: seeds)
    func noInvariantBreaksThroughSimulatedDays(_ seed: UInt64) throws {
        try withTemporaryFolder { folder in
            try MainContext.withOwnContext {
                let soak = try FaultSoak(seed: seed, folder: folder)
                let started = Date()
                do {
                    try soak.run(days: Self.days)
                } catch {
                    Issue.record("\(error)")
                }
                let tally = soak.tally
                print(
                    "soak seed \(seed): \(Self.days) days, \(tally.steps) steps, \(tally.checks) checks, \(tally.faults) faults, "
                        + "\(tally.userActs) user acts, \(tally.restarts) restarts; longest dispatch \(String(format: "%.1f", tally.longestDispatchMs)) ms of CPU, "
                        + "at most \(tally.mostRequestsInAnHour) requests in an hour and \(tally.mostDetailCallsInADay) detail calls in a day, "
                        + "peak RSS \(tally.peakRSSMiB) MiB; \(String(format: "%.1f", Date().timeIntervalSince(started))) s; "
                        + "the longest dispatch after: \(tally.longestDispatchAfter)")
            }
        }
    }
}
