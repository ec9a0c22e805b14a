@preconcurrency internal import CNCursesW
import Glibc

/// Gives the terminal back when the process dies of a fatal signal, then lets the
/// signal do what it would have done (Swift's crash report, a core dump).
///
/// A crash with the terminal still in curses mode leaves the alternate screen on,
/// the cursor hidden, mouse reporting on and the tty raw. The handler calls
/// `endwin()`, restores the handler that was there before, and raises the signal
/// again.
package enum CrashGuard {
  /// The signals a crash arrives as: a Swift trap is SIGILL or SIGTRAP.
  package static let fatalSignals: [Int32] = [
    SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE, SIGSYS,
  ]

  /// Installs the handlers; once is enough, later calls do nothing.
  package static func install() {
    guard handlersInstalled == 0 else { return }
    handlersInstalled = 1
    for signal in fatalSignals {
      var action = sigaction()
      action.__sigaction_handler.sa_sigaction = restoreTerminalAndReraise
      sigemptyset(&action.sa_mask)
      action.sa_flags = SA_SIGINFO | SA_ONSTACK
      sigaction(signal, &action, previousActions + Int(signal))
    }
  }

  /// Curses mode is on: a crash must end it.
  static func cursesDidStart(outputDescriptor: Int32) {
    terminalDescriptor = outputDescriptor
    cursesIsActive = 1
  }

  /// Keeps what `restoreTerminalWithoutBlocking()` gives back: the shell's tty
  /// modes (read before ncurses changed them) and the bytes that reset the
  /// terminal's modes. Call it once, before curses mode starts.
  static func prepareNonBlockingRestore(shellModes: termios?, resetSequence: [UInt8]) {
    if let shellModes {
      savedShellModes.pointee = shellModes
      hasShellModes = 1
    }
    let count = min(resetSequence.count, resetCapacity)
    resetSequence.withUnsafeBufferPointer { bytes in
      resetBytes.update(from: bytes.baseAddress!, count: count)
    }
    resetCount = count
  }

  /// Curses mode is off again.
  static func cursesDidEnd() {
    cursesIsActive = 0
  }

  /// Gives the terminal back from inside a signal handler, if curses mode is on.
  static func restoreTerminalInHandler() {
    guard cursesIsActive != 0 else { return }
    cursesIsActive = 0
    // A crash that came mid-frame would leave a terminal in synchronized-output
    // mode showing the old screen.
    if terminalDescriptor >= 0 {
      TerminalModes.write(TerminalModes.endSynchronizedUpdate, to: terminalDescriptor)
    }
    endwin()
    // `endwin()` turns mouse reporting off only once ncurses has finished
    // turning it on; a signal in between would leave the shell getting reports.
    if terminalDescriptor >= 0 {
      TerminalModes.write(TerminalModes.mouseReportingOff, to: terminalDescriptor)
      TerminalModes.write(TerminalModes.bracketedPasteOff, to: terminalDescriptor)
    }
  }
}

extension CrashGuard {
  /// Gives the terminal back from inside a signal handler without ever
  /// waiting for it, if curses mode is on: the output is made non-blocking
  /// while the reset bytes are written (a terminal that stopped reading gets
  /// what fits, or nothing), then the shell's tty modes are set at once.
  ///
  /// `endwin()` writes with blocking writes, so a handler that calls it
  /// would hang on the very output that holds the run loop. Only
  /// async-signal-safe calls here: fcntl, write, tcsetattr.
  static func restoreTerminalWithoutBlocking() {
    guard cursesIsActive != 0 else { return }
    cursesIsActive = 0
    let descriptor = terminalDescriptor
    guard descriptor >= 0 else { return }
    // The flags belong to the open file the shell shares: they are put back.
    let flags = fcntl(descriptor, F_GETFL)
    if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) }
    if resetCount > 0 { _ = write(descriptor, resetBytes, resetCount) }
    if hasShellModes != 0 { _ = tcsetattr(descriptor, TCSANOW, savedShellModes) }
    if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags) }
  }
}

// The handlers read these, so they are plain globals rather than Swift objects;
// they are written on the main thread before curses starts and after it ends.
nonisolated(unsafe) private var hasShellModes: sig_atomic_t = 0
nonisolated(unsafe) private let savedShellModes: UnsafeMutablePointer<termios> = {
  let modes = UnsafeMutablePointer<termios>.allocate(capacity: 1)
  modes.initialize(to: termios())
  return modes
}()
private let resetCapacity = 256
nonisolated(unsafe) private var resetCount = 0
nonisolated(unsafe) private let resetBytes: UnsafeMutablePointer<UInt8> = {
  let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: resetCapacity)
  bytes.initialize(repeating: 0, count: resetCapacity)
  return bytes
}()
nonisolated(unsafe) private var cursesIsActive: sig_atomic_t = 0
nonisolated(unsafe) private var terminalDescriptor: Int32 = -1
nonisolated(unsafe) private var handlersInstalled: Int32 = 0
nonisolated(unsafe) private let previousActions: UnsafeMutablePointer<sigaction> = {
  let actions = UnsafeMutablePointer<sigaction>.allocate(capacity: 128)
  actions.initialize(repeating: sigaction(), count: 128)
  return actions
}()

private func restoreTerminalAndReraise(
  _ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?
) {
  CrashGuard.restoreTerminalInHandler()
  let code = info?.pointee.si_code ?? 0
  let sender = info?.pointee._sifields._kill.si_pid ?? 0
  if code > 0 {
    // A real fault: the faulting instruction runs again on return and reaches
    // the previous handler (Swift's crash report), then the default action.
    sigaction(signal, previousActions + Int(signal), nil)
  } else if sender == getpid() {
    // Raised by this process (abort()): the previous handler runs on return,
    // and abort() itself falls back to the default action.
    sigaction(signal, previousActions + Int(signal), nil)
    raise(signal)
  } else {
    // Sent from outside: a handler that returns would let the process carry
    // on, so die the default way, as the sender meant.
    var action = sigaction()
    action.__sigaction_handler.sa_handler = SIG_DFL
    sigemptyset(&action.sa_mask)
    sigaction(signal, &action, nil)
    raise(signal)
  }
}
