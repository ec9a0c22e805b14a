import Dispatch

/// Work spread over the cores in runs of neighbouring indices, its results
/// kept in index order: the same array a serial `map` gives.
@usableFromInline
enum ConcurrentMap {
  /// `transform` of every index below `count`, in order, computed on every
  /// core (`transform` runs on several threads at once: it reads only what
  /// does not change meanwhile).
  ///
  /// - Complexity: the sum of the `transform` calls, spread over the cores.
  @inlinable
  static func results<T>(count: Int, _ transform: (Int) -> T) -> [T] {
    guard count > 1 else { return (0..<count).map(transform) }
    // Several runs per thread even out indices of different cost.
    let runs = min(count, 32)
    return [T](unsafeUninitializedCapacity: count) { buffer, initializedCount in
      let slots = Slots(base: buffer.baseAddress!, count: count)
      withoutActuallyEscaping(transform) { transform in
        let work = Work(transform: transform)
        DispatchQueue.concurrentPerform(iterations: runs) { run in
          for k in (count * run / runs)..<(count * (run + 1) / runs) {
            slots.initialize(k, to: work.transform(k))
          }
        }
      }
      initializedCount = count
    }
  }

  /// The caller's transform, called from several threads: it only reads
  /// values that `concurrentPerform`, which returns once every call has,
  /// keeps alive and unchanged.
  @usableFromInline
  struct Work<T>: @unchecked Sendable {
    @usableFromInline let transform: (Int) -> T

    @inlinable
    init(transform: @escaping (Int) -> T) { self.transform = transform }
  }

  /// The uninitialised result buffer, each slot written once by one thread
  /// (so unchecked: no two threads touch one slot).
  @usableFromInline
  struct Slots<T>: @unchecked Sendable {
    @usableFromInline let base: UnsafeMutablePointer<T>
    @usableFromInline let count: Int

    @inlinable
    init(base: UnsafeMutablePointer<T>, count: Int) {
      self.base = base
      self.count = count
    }

    /// Initialises slot `k` with `value`.
    @inlinable
    func initialize(_ k: Int, to value: T) {
      precondition(k >= 0 && k < count, "ConcurrentMap: slot out of range")
      (base + k).initialize(to: value)
    }
  }
}
