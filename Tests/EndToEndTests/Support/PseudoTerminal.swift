import Foundation

/// `shelf` on a pseudo-terminal of its own that the test holds both ends of:
/// the master, which it reads (as a terminal shows) or stops reading (as a
/// terminal that hangs does), and the slave, whose tty modes it can read
/// after the app has gone. Its stderr goes to /dev/null.
final class PseudoTerminalShelf {
  let pid: pid_t
  /// The master end (non-blocking): what the app writes comes out here.
  let master: Int32
  /// The slave end, kept open by the test to read its modes.
  let slave: Int32
  private var exitStatus: Int32?

  /// Starts `shelf arguments` on a new `columns` x `lines` terminal
  /// (TERM=xterm-256color, a UTF-8 locale) that becomes its controlling terminal.
  init(_ arguments: [String], columns: Int = 120, lines: Int = 40) throws {
    var master: Int32 = -1
    var slave: Int32 = -1
    var size = winsize(ws_row: UInt16(lines), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
    guard openpty(&master, &slave, nil, nil, &size) == 0, let name = ttyname(slave) else {
      throw SpawnError.failed("openpty: \(errno)")
    }
    let path = String(cString: name)
    _ = fcntl(master, F_SETFD, FD_CLOEXEC)
    _ = fcntl(slave, F_SETFD, FD_CLOEXEC)
    _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    // The new session's first tty opened becomes its controlling terminal.
    posix_spawn_file_actions_addopen(&actions, 0, path, O_RDWR, 0)
    posix_spawn_file_actions_adddup2(&actions, 0, 1)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    var allSignals = sigset_t()
    sigfillset(&allSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    posix_spawnattr_setsigdefault(&attributes, &allSignals)
    // glibc's POSIX_SPAWN_SETSID (0x80) is behind _GNU_SOURCE.
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | 0x80))
    var environment = ProcessInfo.processInfo.environment
    environment["TERM"] = "xterm-256color"
    environment["LANG"] = "C.UTF-8"
    environment["LC_ALL"] = "C.UTF-8"
    environment["SWIFT_BACKTRACE"] = "enable=no"
    for name in ["COLUMNS", "LINES", "NO_COLOR", "TMUX"] { environment[name] = nil }
    let argv = ([shelfBinary.path] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    var pid: pid_t = 0
    let result = posix_spawn(&pid, shelfBinary.path, &actions, &attributes, argv, envp)
    guard result == 0 else {
      close(master)
      close(slave)
      throw SpawnError.failed("cannot run shelf: \(result)")
    }
    self.pid = pid
    self.master = master
    self.slave = slave
  }

  deinit {
    if status() == nil {
      kill(pid, SIGKILL)
      _ = wait(timeout: 10)
    }
    close(master)
    close(slave)
  }

  /// Reads what the app wrote so far (nothing if it wrote nothing).
  func read() -> [UInt8] {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = Glibc.read(master, &buffer, buffer.count)
      guard count > 0 else { break }
      bytes += buffer[..<count]
    }
    return bytes
  }

  /// Reads until the output holds `text`; false after `timeout` seconds.
  func read(until text: String, timeout: Double = 30) -> Bool {
    var output: [UInt8] = []
    let needle = Array(text.utf8)
    return waitFor(timeout: timeout) {
      output += read()
      return output.count >= needle.count
        && output.indices.dropLast(needle.count - 1).contains {
          output[$0..<$0 + needle.count].elementsEqual(needle)
        }
    }
  }

  /// Types `bytes` as keys (whatever the master takes without blocking).
  func type(_ bytes: [UInt8]) {
    _ = bytes.withUnsafeBytes { Glibc.write(master, $0.baseAddress, $0.count) }
  }

  /// Whether one of the app's threads is inside `write(2)`: blocked on a
  /// terminal that stopped reading, when it stays there.
  var isWriting: Bool {
    #if arch(x86_64)
      let writeCall = "1"
    #else
      let writeCall = "64"
    #endif
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
    return tasks.contains { task in
      let path = "/proc/\(pid)/task/\(task)/syscall"
      let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
      return text.split(separator: " ").first.map(String.init) == writeCall
    }
  }

  /// Whether signal `number` is still waiting to be delivered to the process.
  func isPending(_ number: Int32) -> Bool {
    let text = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
    let masks = text.split(separator: "\n").filter {
      $0.hasPrefix("ShdPnd:") || $0.hasPrefix("SigPnd:")
    }
    return masks.contains { line in
      let mask = UInt64(line.split(separator: "\t").last ?? "", radix: 16) ?? 0
      return mask & (1 << UInt64(number - 1)) != 0
    }
  }

  /// The exit status (or 128 + the signal that killed it) once the app has
  /// ended; nil while it runs.
  func status() -> Int32? {
    if let exitStatus { return exitStatus }
    var status: Int32 = 0
    guard waitpid(pid, &status, WNOHANG) == pid else { return nil }
    let signal = status & 0x7F
    exitStatus = signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    return exitStatus
  }

  /// Waits for the app to end; its status, or nil after `timeout` seconds.
  func wait(timeout: Double) -> Int32? {
    _ = waitFor(timeout: timeout) { status() != nil }
    return status()
  }
}

/// Checks `condition` every 10 ms until it holds; whether it did within `timeout` seconds.
func waitFor(timeout: Double, _ condition: () -> Bool) -> Bool {
  let deadline = Date().addingTimeInterval(timeout)
  while !condition() {
    if Date() > deadline { return false }
    Thread.sleep(forTimeInterval: 0.01)
  }
  return true
}
