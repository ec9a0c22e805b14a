#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A value behind a lock, for state that several threads share.
///
/// The lock is a pthread mutex rather than `Synchronization.Mutex` or a
/// Dispatch semaphore: the thread sanitizer sees a pthread mutex's lock and
/// unlock as acquire and release, but on Linux it cannot see `Mutex`'s
/// futex, and it missed a contended semaphore's wait and signal (two
/// threads making one row's search text reported as a race), so an access
/// guarded only by either shows up in `make tsan` as a race that is not there.
///
/// Guard a value with a size, never `()`: an empty value has no bytes of its
/// own, and its address is the object's own (checked: +0, where a `Bool`
/// sits at +16), the header every call reads, without the lock, to find the
/// generic class's type. The sanitizer reports that read against the
/// value's access under the lock: a race that is not there (it did, for two
/// threads making one row's search text).
package final class Locked<Value: Sendable>: @unchecked Sendable {
  // @unchecked: `value` is only touched while `mutex` is held.
  private var value: Value
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>

  /// A lock around `value`.
  package init(_ value: Value) {
    self.value = value
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    precondition(pthread_mutex_init(mutex, nil) == 0, "cannot make a mutex")
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  /// Runs `body` with the value, holding the lock (not reentrant: `body`
  /// must not take it again).
  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }
}
