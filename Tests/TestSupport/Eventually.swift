import Foundation

/// How long a test waits for work on other threads before it gives up: long
/// enough for a loaded 2-core machine (and the thread sanitizer), short enough
/// that a hang fails the run rather than stalling it.
package let eventualTimeout: Duration = .seconds(120)

/// Yields the main actor until `condition` holds or `timeout` has passed;
/// whether it held. Waits for a condition with a deadline, however loaded the
/// machine is, rather than for a number of turns.
///
/// Only the time the main actor was free counts against `timeout`. Every
/// `@MainActor` test of the run shares it, and a synchronous one holds it to
/// its end (seconds, for a property test), so a turn of this loop can wait
/// behind a whole target's tests; the awaited work could not use that time
/// either, since it reaches the test on the main queue. A turn that takes
/// longer than `turnAllowance` counts as `turnAllowance`. A cancelled test
/// (past its time limit) stops waiting.
///
/// Between checks it sleeps, from 1 ms doubling up to `longestPause`, rather
/// than yielding at once: a spinning wait would take a core from the very
/// work it waits for.
@MainActor
package func eventually(
  timeout: Duration = eventualTimeout, turnAllowance: Duration = .milliseconds(100),
  longestPause: Duration = .milliseconds(20), _ condition: () -> Bool
) async -> Bool {
  let clock = ContinuousClock()
  var waited = Duration.zero
  var pause = Duration.milliseconds(1)
  while waited < timeout, !Task.isCancelled {
    if condition() { return true }
    let turn = clock.now
    try? await Task.sleep(for: pause)
    pause = min(pause * 2, longestPause)
    waited += min(clock.now - turn, turnAllowance)
  }
  return condition()
}

/// `eventually(timeout:turnAllowance:longestPause:_:)` for a test off the
/// main actor: checks `condition` (which may await) until it holds or
/// `timeout` has passed; whether it held. Nothing here waits behind the main
/// actor, so all the time counts. A cancelled test stops waiting.
package func pollUntil(
  timeout: Duration = eventualTimeout, longestPause: Duration = .milliseconds(20),
  _ condition: () async -> Bool
) async -> Bool {
  let deadline = ContinuousClock.now + timeout
  var pause = Duration.milliseconds(1)
  while ContinuousClock.now < deadline, !Task.isCancelled {
    if await condition() { return true }
    try? await Task.sleep(for: pause)
    pause = min(pause * 2, longestPause)
  }
  return await condition()
}

/// `pollUntil(timeout:longestPause:_:)` for a synchronous test (one that
/// drives another process and never awaits): blocks the calling thread
/// between checks.
package func blockingPollUntil(
  timeout: Duration = eventualTimeout, longestPause: Duration = .milliseconds(50),
  _ condition: () -> Bool
) -> Bool {
  let clock = ContinuousClock()
  let deadline = clock.now + timeout
  var pause = Duration.milliseconds(1)
  while clock.now < deadline {
    if condition() { return true }
    let (seconds, attoseconds) = pause.components
    Thread.sleep(forTimeInterval: Double(seconds) + Double(attoseconds) * 1e-18)
    pause = min(pause * 2, longestPause)
  }
  return condition()
}
