import Glibc
import ShelfUI

/// A command a bound key runs (`--bind`): through `/bin/sh -c`, with the
/// terminal or with nothing, its standard error watched for a last line to
/// show when it fails.
struct BoundCommand: Sendable {
  /// How a run ended.
  struct Outcome: Equatable, Sendable {
    /// The exit status; 128 + the signal for a command a signal ended.
    var status: Int32
    /// The last non-empty line the command wrote to standard error.
    var lastErrorLine: String

    /// Whether the command failed, and if so what the message area says.
    func failureMessage(for command: String) -> String? {
      guard status != 0 else { return nil }
      let name = TerminalText.truncated(TerminalText.sanitized(command), toWidth: 40)
      let reason = lastErrorLine.isEmpty ? "exited with status \(status)" : lastErrorLine
      return "\(name): \(reason)"
    }
  }

  /// The command line, its fields already quoted.
  let command: String
  /// The terminal, when the command has it: `/dev/tty` is its standard
  /// input and output, and its errors are shown on this descriptor as well
  /// as read. Nil runs it silently: everything but its errors (read, not
  /// shown) goes to `/dev/null`.
  let terminal: Int32?

  /// Runs the command and waits for it (not for what it left running in the
  /// background, such as the browser `xdg-open` starts).
  func run() -> Outcome {
    var errors: [Int32] = [-1, -1]
    guard pipe(&errors) == 0 else {
      return Outcome(status: 71, lastErrorLine: "cannot make a pipe: \(describe(errno))")
    }
    _ = fcntl(errors[0], F_SETFD, FD_CLOEXEC)
    _ = fcntl(errors[0], F_SETFL, fcntl(errors[0], F_GETFL) | O_NONBLOCK)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    // A descriptor of its own on the terminal: the screen's may be non-blocking.
    let device = terminal == nil ? "/dev/null" : "/dev/tty"
    posix_spawn_file_actions_addopen(&actions, 0, device, O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, device, O_WRONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
    _ = spawnFileActionsAddCloseFrom(&actions, 3)
    // The calling thread may block signals (a Dispatch worker): the command
    // starts with none blocked and every one at its default action.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    var allSignals = sigset_t()
    sigfillset(&allSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    posix_spawnattr_setsigdefault(&attributes, &allSignals)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    let arguments = ["/bin/sh", "-c", command]
    let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, environ)
    close(errors[1])
    defer { close(errors[0]) }
    guard spawned == 0 else {
      return Outcome(status: 71, lastErrorLine: "cannot run /bin/sh: \(describe(spawned))")
    }
    var tail: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 16 << 10)
    // Reads what the command has written to stderr so far: kept (its end),
    // and shown on the terminal when the command has it.
    func drain() {
      while true {
        let count = read(errors[0], &buffer, buffer.count)
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { return }
        if let terminal {
          _ = buffer.withUnsafeBytes { write(terminal, $0.baseAddress, count) }
        }
        tail.append(contentsOf: buffer[0..<count])
        if tail.count > 8192 { tail.removeFirst(tail.count - 4096) }
      }
    }
    var status: Int32 = 0
    while true {
      var descriptor = pollfd(fd: errors[0], events: Int16(POLLIN), revents: 0)
      _ = poll(&descriptor, 1, 50)
      drain()
      let waited = waitpid(pid, &status, WNOHANG)
      if waited == pid || (waited < 0 && errno != EINTR) { break }
    }
    drain()
    let exited = status & 0x7F == 0
    return Outcome(
      status: exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F),
      lastErrorLine: Self.lastLine(of: tail))
  }

  /// The last line of `bytes` with text in it, made safe to show.
  static func lastLine(of bytes: [UInt8]) -> String {
    let lines = String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline)
    guard let last = lines.last(where: { !$0.allSatisfy(\.isWhitespace) }) else { return "" }
    return TerminalText.sanitized(String(last.drop(while: \.isWhitespace)))
  }

  private func describe(_ code: Int32) -> String { String(cString: strerror(code)) }
}

/// glibc 2.34's `posix_spawn_file_actions_addclosefrom_np`, which the Glibc
/// module hides behind `_GNU_SOURCE`.
@_silgen_name("posix_spawn_file_actions_addclosefrom_np")
private func spawnFileActionsAddCloseFrom(
  _ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ from: Int32
) -> Int32
