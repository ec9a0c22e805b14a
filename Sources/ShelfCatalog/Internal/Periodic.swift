import Dispatch

/// What the sources that run again every interval (`ExecSource`, `URLSource`)
/// share: how they hand results to their caller, and when the next run starts.
enum Periodic {
  /// What a live source hands its caller: a catalog, or why there is none.
  typealias Delivery = @Sendable (Result<LoadedCatalog, CatalogError>) -> Void

  /// The longest interval: a day.
  static let longestInterval = Duration.seconds(86_400)

  /// `interval` kept between a millisecond and a day.
  static func clamped(_ interval: Duration) -> Duration {
    min(max(interval, .milliseconds(1)), longestInterval)
  }

  /// A delivery that calls `handler` on `queue`, unless the source has
  /// stopped by then (`isStopped` says so, read on `queue`).
  static func delivery(
    on queue: DispatchQueue, isStopped: @escaping @Sendable () -> Bool,
    to handler: @escaping Delivery
  ) -> Delivery {
    { result in
      queue.async {
        if !isStopped() { handler(result) }
      }
    }
  }

  /// How long to wait before the next run of a source that runs every
  /// `interval`, its last run having started at `started`: runs never
  /// overlap, and one that overran is followed at once.
  static func delay(every interval: Duration, since started: ContinuousClock.Instant)
    -> DispatchTimeInterval
  {
    let (seconds, attoseconds) = max(.zero, interval - (ContinuousClock.now - started)).components
    return .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
  }
}
