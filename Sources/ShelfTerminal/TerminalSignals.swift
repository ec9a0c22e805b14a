@preconcurrency internal import CNCursesW
import Glibc

/// The signals an interactive session handles itself, through its run loop,
/// instead of letting them end or stop the process with the terminal still
/// taken over.
///
/// A handler on each only writes the signal's number to a pipe (all a handler
/// may safely do); the run loop reads the pipe on the one queue that draws, and
/// acts there, never beside a frame being written.
package enum TerminalSignals {
  /// Signals whose default action ends the process: the session gives the
  /// terminal back and exits with 128 + the number. (Crashes are `CrashGuard`'s.)
  package static let termination: [Int32] =
    [
      SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGPIPE, SIGALRM, SIGTERM, SIGSTKFLT, SIGXCPU,
      SIGXFSZ, SIGVTALRM, SIGPROF, SIGIO, SIGPWR,
    ] + Array(shelf_sigrtmin()...shelf_sigrtmax())
  /// Ctrl-Z: give the terminal back, stop, take it again on `fg`.
  package static let suspend: Int32 = SIGTSTP
  /// The terminal changed size.
  package static let resize: Int32 = SIGWINCH

  /// Every signal above.
  package static var all: [Int32] { termination + [suspend, resize] }

  /// Installs the handlers and opens the pipe; later calls do nothing.
  ///
  /// Call it before ncurses starts: where ncurses finds the default action on
  /// SIGTSTP, SIGINT, SIGTERM or SIGWINCH it installs handlers of its own, and
  /// it sets SIGTSTP to "ignore" around every screen update, which throws away
  /// a Ctrl-Z typed meanwhile. Finding ours, it leaves all of them alone.
  package static func install() {
    guard signalPipe.write < 0 else { return }
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return }
    for end in ends {
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
    }
    signalPipe = (ends[0], ends[1])
    var action = sigaction()
    action.__sigaction_handler.sa_handler = recordSignal
    sigemptyset(&action.sa_mask)
    for signal in all { sigaddset(&action.sa_mask, signal) }
    action.sa_flags = SA_RESTART
    for signal in all {
      sigaction(signal, &action, nil)
    }
  }

  /// The pipe's read end, readable once a signal has arrived (-1 before `install()`).
  package static var fileDescriptor: Int32 { signalPipe.read }

  /// The signals that arrived since the last call, each once, in the order
  /// they first arrived.
  package static func takePending() -> [Int32] {
    var signals: [Int32] = []
    var buffer = [UInt8](repeating: 0, count: 64)
    while true {
      let count = read(signalPipe.read, &buffer, buffer.count)
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { break }
      for byte in buffer[0..<count] where !signals.contains(Int32(byte)) {
        signals.append(Int32(byte))
      }
    }
    return signals
  }

  /// Forgets an ending signal that was taken and dropped (the Ctrl-C of a
  /// command that had the terminal), so that the next one is handled by the
  /// run loop again rather than ending the process at once.
  package static func forgetDroppedTermination() {
    terminationPending = 0
  }

  /// Stops the process as `signal` (SIGTSTP: Ctrl-Z) would with no handler,
  /// and returns once it is continued.
  ///
  /// The signal is raised in the calling thread, so this thread has stopped
  /// before the call returns. (`kill(getpid(), SIGSTOP)` stops the process a
  /// moment later, from another thread: this one runs on meanwhile and can
  /// take the terminal back from the shell before it stops.)
  package static func stopProcess(with signal: Int32 = SIGTSTP) {
    var defaultAction = sigaction()
    defaultAction.__sigaction_handler.sa_handler = SIG_DFL
    sigemptyset(&defaultAction.sa_mask)
    var previousAction = sigaction()
    sigaction(signal, &defaultAction, &previousAction)
    var only = sigset_t()
    sigemptyset(&only)
    sigaddset(&only, signal)
    var previousMask = sigset_t()
    pthread_sigmask(SIG_UNBLOCK, &only, &previousMask)
    raise(signal)
    pthread_sigmask(SIG_SETMASK, &previousMask, nil)
    sigaction(signal, &previousAction, nil)
  }

  /// Whether a stop signal would stop this process: a process group with no
  /// parent outside it in the same session (an orphan) ignores them, as no
  /// shell could continue it.
  static var canStop: Bool {
    let parent = getppid()
    return getsid(parent) == getsid(0) && getpgid(parent) != getpgrp()
  }
}

// The handler reads these, so they are plain globals; they are written once,
// in `install()`, before any handler can run.
nonisolated(unsafe) private var signalPipe: (read: Int32, write: Int32) = (-1, -1)
nonisolated(unsafe) private var terminationPending: sig_atomic_t = 0

private func recordSignal(_ signal: Int32) {
  let savedErrno = errno
  // Constants, not the enum's lets: a lazily initialised global is not safe here.
  if signal != SIGTSTP && signal != SIGWINCH {
    // A second ending signal before the run loop acted on the first: the loop
    // is stuck (a frame's write() blocked on a terminal that stopped reading),
    // so give the terminal back here, without waiting for it, and end at once.
    if terminationPending != 0 {
      CrashGuard.restoreTerminalWithoutBlocking()
      _exit(128 + signal)
    }
    terminationPending = 1
  }
  var byte = UInt8(truncatingIfNeeded: signal)
  _ = write(signalPipe.write, &byte, 1)
  errno = savedErrno
}
