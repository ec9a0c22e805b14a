/// How long a test waits for work on other threads before it gives up: long
/// enough for a loaded 2-core machine (and the thread sanitizer), short enough
/// that a hang fails the run rather than stalling it.
package let eventualTimeout: Duration = .seconds(120)

/// Yields the main actor until `condition` holds or `timeout` has passed;
/// whether it held. Waits for a condition with a deadline, however loaded the
/// machine is, rather than for a number of turns.
@MainActor
package func eventually(
  timeout: Duration = eventualTimeout, _ condition: () -> Bool
) async -> Bool {
  let clock = ContinuousClock()
  let deadline = clock.now.advanced(by: timeout)
  while clock.now < deadline {
    if condition() { return true }
    await Task.yield()
  }
  return condition()
}
