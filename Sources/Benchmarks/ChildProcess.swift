import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A program the benchmarks start and measure: `posix_spawn`ed (never `fork`ed
/// from Swift) either with its output in files, or on a pseudo-terminal whose
/// master end the benchmark reads and writes, as a terminal emulator would.
///
/// Every child is reaped: `finish()` asks it to stop, then terminates it.
final class ChildProcess {
  /// Why a child could not be started.
  struct SpawnError: Error, CustomStringConvertible {
    var description: String
  }

  /// How a child ended: its wait status and resource usage.
  struct Exit {
    /// The raw wait status.
    var status: Int32
    /// Peak resident memory, in bytes.
    var peakMemory: Int
    /// User plus system CPU time, in seconds.
    var cpuSeconds: Double

    /// The exit code, or 128 + the signal that killed it.
    var code: Int32 {
      let signal = status & 0x7f
      return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }
  }

  /// Bytes read from the terminal, with the monotonic time they arrived.
  struct Chunk {
    var time: Double
    var bytes: [UInt8]
  }

  let pid: pid_t
  /// The pseudo-terminal's master end, or -1 for a child without a terminal.
  let terminal: Int32
  /// The write end of the child's standard input when it is a pipe, else -1.
  private(set) var input: Int32 = -1
  private var exit: Exit?

  private init(pid: pid_t, terminal: Int32) {
    self.pid = pid
    self.terminal = terminal
  }

  deinit {
    if exit == nil { _ = finish(quitKeys: []) }
    if terminal >= 0 { close(terminal) }
    if input >= 0 { close(input) }
  }

  // MARK: - Starting

  /// Runs `path` with `arguments`, its output in `stdoutPath` and `stderrPath`.
  static func spawn(
    _ path: String, _ arguments: [String], stdoutPath: String, stderrPath: String
  ) throws(SpawnError) -> ChildProcess {
    try spawn(path, arguments, environment: inheritedEnvironment(), terminal: -1) { actions in
      posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
      posix_spawn_file_actions_addopen(&actions, 1, stdoutPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
      posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    }
  }

  /// Runs `path` with `arguments` on a new pseudo-terminal of `columns` x
  /// `lines` (TERM=xterm-256color, a UTF-8 locale) that becomes its controlling
  /// terminal; stderr goes to `stderrPath` so error text never counts as screen output.
  ///
  /// With `pipesInput`, standard input is a pipe the benchmark writes with
  /// `feed(_:)` (as `shelf --stream` reads it) and the terminal is only its
  /// output and controlling terminal.
  static func spawnOnTerminal(
    _ path: String, _ arguments: [String], columns: Int, lines: Int, stderrPath: String,
    pipesInput: Bool = false
  ) throws(SpawnError) -> ChildProcess {
    var master: Int32 = -1
    var slave: Int32 = -1
    var size = winsize(ws_row: UInt16(lines), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
    guard openpty(&master, &slave, nil, nil, &size) == 0 else {
      throw SpawnError(description: "openpty: \(String(cString: strerror(errno)))")
    }
    guard let name = ttyname(slave).map({ String(cString: $0) }) else {
      close(master)
      close(slave)
      throw SpawnError(description: "ttyname: \(String(cString: strerror(errno)))")
    }
    // The parent keeps the slave open until the child has it, so no hang-up
    // reaches the master in between; neither end leaks into the child.
    _ = fcntl(master, F_SETFD, FD_CLOEXEC)
    _ = fcntl(slave, F_SETFD, FD_CLOEXEC)
    _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
    var environment = inheritedEnvironment()
    environment["TERM"] = "xterm-256color"
    environment["LANG"] = "C.UTF-8"
    environment["LC_ALL"] = "C.UTF-8"
    environment["COLUMNS"] = nil
    environment["LINES"] = nil
    environment["NO_COLOR"] = nil
    environment["SWIFT_BACKTRACE"] = "interactive=no"
    defer { close(slave) }
    var pipeEnds: [Int32] = [-1, -1]
    if pipesInput {
      guard pipe(&pipeEnds) == 0 else {
        close(master)
        throw SpawnError(description: "pipe: \(String(cString: strerror(errno)))")
      }
      _ = fcntl(pipeEnds[0], F_SETFD, FD_CLOEXEC)  // dup2 to 0 gives the child a copy without it
      _ = fcntl(pipeEnds[1], F_SETFD, FD_CLOEXEC)
      _ = fcntl(pipeEnds[1], F_SETFL, fcntl(pipeEnds[1], F_GETFL) | O_NONBLOCK)
    }
    let pipeRead = pipeEnds[0]
    defer { if pipeRead >= 0 { close(pipeRead) } }
    do {
      // POSIX_SPAWN_SETSID runs before the file actions, so opening the tty
      // (without O_NOCTTY) makes it the new session's controlling terminal.
      let child = try spawn(path, arguments, environment: environment, terminal: master) {
        actions in
        if pipeRead >= 0 {
          posix_spawn_file_actions_addopen(&actions, 1, name, O_RDWR, 0)
          posix_spawn_file_actions_adddup2(&actions, pipeRead, 0)
        } else {
          posix_spawn_file_actions_addopen(&actions, 0, name, O_RDWR, 0)
          posix_spawn_file_actions_adddup2(&actions, 0, 1)
        }
        posix_spawn_file_actions_addopen(
          &actions, 2, stderrPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
      }
      child.input = pipeEnds[1]
      return child
    } catch {
      close(master)
      if pipeEnds[1] >= 0 { close(pipeEnds[1]) }
      throw error
    }
  }

  private static func inheritedEnvironment() -> [String: String] {
    ProcessInfo.processInfo.environment
  }

  private static func spawn(
    _ path: String, _ arguments: [String], environment: [String: String], terminal: Int32,
    fileActions: (inout posix_spawn_file_actions_t) -> Void
  ) throws(SpawnError) -> ChildProcess {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    fileActions(&actions)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGWINCH, SIGCHLD] {
      sigaddset(&defaults, signal)
    }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
    // glibc's POSIX_SPAWN_SETSID (0x80) is behind _GNU_SOURCE, which Swift's Glibc does not set.
    if terminal >= 0 { flags |= 0x80 }
    posix_spawnattr_setflags(&attributes, Int16(flags))

    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv + envp { free(pointer) }
    }
    var pid: pid_t = 0
    let result = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
    guard result == 0 else {
      throw SpawnError(description: "cannot start \(path): \(String(cString: strerror(result)))")
    }
    return ChildProcess(pid: pid, terminal: terminal)
  }

  // MARK: - Talking to the terminal

  /// Writes `bytes` to the terminal as typed keys; returns the time just before.
  @discardableResult
  func type(_ bytes: [UInt8]) -> Double {
    let start = Monotonic.seconds()
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes {
        Glibc.write(terminal, $0.baseAddress, $0.count)
      }
      if written < 0 {
        if errno == EAGAIN || errno == EINTR { continue }
        break
      }
      offset += written
    }
    return start
  }

  /// Until `deadline`: writes `backlog` to the child's input pipe whenever
  /// the pipe takes more, and reads the terminal whenever it has output.
  func exchange(feeding backlog: inout PipeBacklog, until deadline: Double) -> [Chunk] {
    var chunks: [Chunk] = []
    while case let left = deadline - Monotonic.seconds(), left > 0 {
      var descriptors = [
        pollfd(fd: terminal, events: Int16(POLLIN), revents: 0),
        pollfd(fd: backlog.isEmpty ? -1 : input, events: Int16(POLLOUT), revents: 0),
      ]
      let ready = poll(&descriptors, 2, Int32((left * 1000).rounded(.up)))
      if ready < 0 && errno == EINTR { continue }
      guard ready > 0 else { break }
      if descriptors[1].revents & Int16(POLLOUT) != 0 {
        let unread = backlog.unread
        let written = unread.withUnsafeBytes { Glibc.write(input, $0.baseAddress, $0.count) }
        if written > 0 { backlog.consume(written) }
      }
      if descriptors[0].revents & Int16(POLLIN) != 0, let chunk = read(timeout: 0) {
        chunks.append(chunk)
      }
      if descriptors[0].revents & Int16(POLLHUP | POLLERR) != 0
        || descriptors[1].revents & Int16(POLLERR) != 0
      {
        break
      }
    }
    return chunks
  }

  /// How many bytes written to the child's input pipe it has not read yet.
  var unreadInput: Int {
    guard input >= 0 else { return 0 }
    var count: Int32 = 0
    return ioctl(input, UInt(FIONREAD), &count) == 0 ? Int(count) : 0
  }

  /// Closes the child's input pipe: end of input.
  func closeInput() {
    if input >= 0 { close(input) }
    input = -1
  }

  /// Waits up to `timeout` seconds for output and returns what arrived in one
  /// read, or nil when nothing came (or the terminal was hung up).
  func read(timeout: Double) -> Chunk? {
    var descriptor = pollfd(fd: terminal, events: Int16(POLLIN), revents: 0)
    let deadline = Monotonic.seconds() + timeout
    while true {
      let left = max(0, deadline - Monotonic.seconds())
      let ready = poll(&descriptor, 1, Int32((left * 1000).rounded(.up)))
      if ready < 0 && errno == EINTR { continue }
      guard ready > 0 else { return nil }
      var buffer = [UInt8](repeating: 0, count: 65_536)
      let count = buffer.withUnsafeMutableBytes { Glibc.read(terminal, $0.baseAddress, $0.count) }
      let time = Monotonic.seconds()
      if count > 0 { return Chunk(time: time, bytes: Array(buffer[0..<count])) }
      if count < 0 && (errno == EAGAIN || errno == EINTR) { continue }
      return nil  // EIO: every slave descriptor is closed
    }
  }

  /// Reads until no output has come for `quiet` seconds, or for at most
  /// `limit` seconds; returns the chunks in order.
  func readUntilQuiet(quiet: Double, limit: Double) -> [Chunk] {
    var chunks: [Chunk] = []
    let end = Monotonic.seconds() + limit
    while Monotonic.seconds() < end {
      guard let chunk = read(timeout: min(quiet, max(0, end - Monotonic.seconds()))) else { break }
      chunks.append(chunk)
    }
    return chunks
  }

  /// Reads and keeps the output for `duration` seconds, whether or not any comes.
  func drain(for duration: Double) -> [Chunk] {
    var chunks: [Chunk] = []
    let end = Monotonic.seconds() + duration
    while case let left = end - Monotonic.seconds(), left > 0 {
      if let chunk = read(timeout: left) { chunks.append(chunk) }
    }
    return chunks
  }

  // MARK: - Ending

  /// Whether the child has exited (reaping it if so).
  var hasExited: Bool {
    if exit != nil { return true }
    return reap(blocking: false) != nil
  }

  /// Waits for the child to exit by itself for at most `timeout` seconds,
  /// reading its terminal meanwhile so it never blocks on output.
  func wait(timeout: Double) -> Exit? {
    let end = Monotonic.seconds() + timeout
    while Monotonic.seconds() < end {
      if let exit = reap(blocking: false) { return exit }
      if terminal >= 0 {
        _ = read(timeout: 0.01)
      } else {
        usleep(5_000)
      }
    }
    return reap(blocking: false)
  }

  /// Runs `path` with `arguments` to completion through a small python3 parent
  /// and returns how it ended, its wall time and its own peak RSS.
  ///
  /// `posix_spawn` starts children with `CLONE_VM`, and `execve` folds the
  /// spawning memory's high-water mark into the child's `ru_maxrss`: a child
  /// of this process (which holds a million cards) would report this
  /// process's peak. A child of a small intermediate reports its own.
  static func runMeasured(
    _ path: String, _ arguments: [String], stdoutPath: String, stderrPath: String,
    reportPath: String
  ) throws(SpawnError) -> (exit: Exit, seconds: Double) {
    let script = """
      import os, sys, time
      out = os.open(sys.argv[2], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
      err = os.open(sys.argv[3], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
      start = time.monotonic()
      pid = os.fork()
      if pid == 0:
          os.dup2(out, 1)
          os.dup2(err, 2)
          os.execv(sys.argv[4], sys.argv[4:])
      _, status, usage = os.wait4(pid, 0)
      seconds = time.monotonic() - start
      with open(sys.argv[1], "w") as report:
          report.write("%d %d %.9f %.6f\\n" % (status, usage.ru_maxrss, seconds, usage.ru_utime + usage.ru_stime))
      """
    let child = try spawn(
      "/usr/bin/python3", ["-c", script, reportPath, stdoutPath, stderrPath, path] + arguments,
      stdoutPath: "/dev/null", stderrPath: stderrPath + ".python")
    let wrapper = child.waitForExit()
    guard wrapper.code == 0,
      let report = try? String(contentsOfFile: reportPath, encoding: .utf8),
      case let fields = report.split(separator: " ").map({
        String($0).trimmingCharacters(in: .whitespacesAndNewlines)
      }),
      fields.count == 4, let status = Int32(fields[0]), let peak = Int(fields[1]),
      let seconds = Double(fields[2]), let cpu = Double(fields[3])
    else {
      let message = (try? String(contentsOfFile: stderrPath + ".python", encoding: .utf8)) ?? ""
      throw SpawnError(
        description: "python3 wrapper failed (exit \(wrapper.code)): "
          + (message.split(separator: "\n").last.map(String.init) ?? ""))
    }
    return (Exit(status: status, peakMemory: peak * 1024, cpuSeconds: cpu), seconds)
  }

  /// Blocks until a child without a terminal exits, and reaps it.
  func waitForExit() -> Exit {
    reap(blocking: true)!
  }

  /// Types `quitKeys` and waits for the child to exit; then SIGTERM, then
  /// SIGKILL. The child is always reaped.
  @discardableResult
  func finish(quitKeys: [UInt8] = Array("q".utf8), timeout: Double = 5) -> Exit {
    if let exit { return exit }
    if terminal >= 0 && !quitKeys.isEmpty {
      type(quitKeys)
      if let exit = wait(timeout: timeout) { return exit }
    }
    kill(pid, SIGTERM)
    if let exit = wait(timeout: 2) { return exit }
    kill(pid, SIGKILL)
    return reap(blocking: true)!
  }

  private func reap(blocking: Bool) -> Exit? {
    if let exit { return exit }
    var status: Int32 = 0
    var usage = rusage()
    var result: pid_t
    repeat {
      result = wait4(pid, &status, blocking ? 0 : WNOHANG, &usage)
    } while result < 0 && errno == EINTR
    guard result == pid else { return nil }
    let cpu =
      Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) * 1e-6
      + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) * 1e-6
    exit = Exit(status: status, peakMemory: usage.ru_maxrss * 1024, cpuSeconds: cpu)
    return exit
  }
}
