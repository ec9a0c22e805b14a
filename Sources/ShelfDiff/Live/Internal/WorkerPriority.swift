import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The scheduling priority of the threads that do work the user does not
/// wait for: the parallel paths that load and convert large catalogs (at
/// least 1 MiB of JSON, 50,000 cards; a small catalog's work never lowers a
/// thread) and the filter's search text, made ahead of the `/` prompt.
///
/// On two cores, a million-card update keeps both busy (the skim and the
/// rows decoding, then the conversion), and the main thread, waking for a
/// key, waited behind them: up to 21 ms (measured, `Benchmarks "watched
/// 1M"`, keys 20 ms apart). A worker thread lowered to nice 5 gives way to
/// the main thread at once (the longest wait fell to 2.4–11.5 ms), and still
/// takes the cores whenever the main thread sleeps.
package enum WorkerPriority {
  /// The niceness a worker thread is lowered to.
  package static let workerNiceness: Int32 = 5

  /// Lowers the calling thread to `workerNiceness`, unless it is the main
  /// thread (the first catalogs and a headless `render` load there) or
  /// already as low. Linux's niceness is per thread; raising it back needs
  /// privileges, so a thread of Dispatch's pool stays lowered, as fits a
  /// thread that does background work.
  ///
  /// That holds only while no pool thread runs the main queue's blocks: the
  /// app drains the main queue on the main thread with its run loop
  /// (`InteractiveSession.run`), never with `dispatchMain()`, which on Linux
  /// ends the main thread and hands the main queue to the pool, where keys
  /// and frames would run at nice 5 and `Thread.isMainThread` is false.
  package static func yieldToInteractive() {
    #if os(Linux)
      guard !Thread.isMainThread else { return }
      // On Linux, `who` 0 is the calling thread, not the whole process.
      let which = __priority_which_t(PRIO_PROCESS.rawValue)
      if getpriority(which, 0) < workerNiceness { setpriority(which, 0, workerNiceness) }
    #endif
  }
}
