import Glibc

/// The signals an interactive session handles itself, through its run loop,
/// instead of letting them kill the process with the terminal still taken over.
public enum TerminalSignals {
  /// Ends the session cleanly: Ctrl-C, `kill`, the terminal closing.
  public static let termination: [Int32] = [SIGINT, SIGTERM, SIGHUP]
  /// Ctrl-Z: give the terminal back, stop, take it again on `fg`.
  public static let suspend: Int32 = SIGTSTP
  /// The terminal changed size.
  public static let resize: Int32 = SIGWINCH

  /// Every signal above.
  public static var all: [Int32] { termination + [suspend, resize] }

  /// Blocks `all` in the calling thread, and so in every thread started after
  /// it, so that they wait for a signal source instead of interrupting a
  /// random thread (or killing the process). Call it first thing in `main`,
  /// before any thread starts, and only for the interactive session.
  public static func blockForSignalSources() {
    var set = sigset_t()
    sigemptyset(&set)
    for signal in all {
      sigaddset(&set, signal)
    }
    pthread_sigmask(SIG_BLOCK, &set, nil)
  }
}
