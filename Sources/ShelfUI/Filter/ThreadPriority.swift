#if canImport(Glibc)
  import Glibc
#endif

/// The priority of a thread that does background work the user does not
/// wait for (the filter's search text, made ahead of the `/` prompt): the
/// niceness the loading threads take (`WorkerPriority` in ShelfCatalog,
/// which ShelfUI does not import), so that keys and frames go first on a
/// busy machine.
enum ThreadPriority {
  /// The niceness a background thread is lowered to.
  static let niceness: Int32 = 5

  /// Lowers the calling thread to `niceness`, unless it is already as low.
  /// Linux's niceness is per thread, and raising it back needs privileges:
  /// call it only on a thread of Dispatch's pool (never the main thread).
  static func lower() {
    #if os(Linux)
      // On Linux, `who` 0 is the calling thread, not the whole process.
      let which = __priority_which_t(PRIO_PROCESS.rawValue)
      if getpriority(which, 0) < niceness { setpriority(which, 0, niceness) }
    #endif
  }
}
