import Dispatch

/// A value behind a lock, for state that several threads share.
///
/// The lock is a Dispatch semaphore rather than `Synchronization.Mutex`: the
/// thread sanitizer sees a semaphore's wait and signal as acquire and release,
/// but on Linux it cannot see `Mutex`'s futex, so every access guarded only by a
/// `Mutex` shows up in `make tsan` as a race that is not there.
package final class Locked<Value: Sendable>: @unchecked Sendable {
  // @unchecked: `value` is only touched between `wait()` and `signal()`.
  private var value: Value
  private let semaphore = DispatchSemaphore(value: 1)

  /// A lock around `value`.
  package init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` with the value, holding the lock.
  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    semaphore.wait()
    defer { semaphore.signal() }
    return try body(&value)
  }
}
