import Dispatch
import ShelfCatalog

#if canImport(Glibc)
  import Glibc
#endif

/// One run of a shell command: its standard output, up to a limit, or why it failed.
struct CommandRun {
  /// How often `collect`'s `progress` is handed the output at most.
  static let progressInterval = Duration.milliseconds(progressMilliseconds)
  /// `progressInterval` in milliseconds, as `poll` waits.
  static let progressMilliseconds = 100

  /// Why a run failed, before it has a source to be named by.
  struct Failure: Error {
    var kind: CatalogError.Kind
    var problem: String
  }

  let command: String
  let limit: Int

  /// Runs the command until it exits, `timeout` passes, or `wake` becomes
  /// readable (then it returns nil: stopped). The command runs in a session
  /// of its own, whose every process is killed when the run ends, however it
  /// ends, so nothing it started in the background outlives the run, even in
  /// another process group (`set -m`); the command is reaped.
  func run(timeout: Duration, wake: Int32) -> Result<[UInt8], Failure>? {
    switch collect(timeout: timeout, wake: wake, lineLimit: nil) {
    case nil: return nil
    case .failure(let failure): return .failure(failure)
    case .success(let output):
      if output.isCut {
        return .failure(
          Failure(
            kind: .tooLarge, problem: "the output is larger than the limit of \(limit) bytes"))
      }
      guard output.status == 0 else {
        let signal = output.status > 128 ? output.status - 128 : 0
        var problem =
          signal == 0 ? "exited with status \(output.status)" : "was killed by signal \(signal)"
        if !output.lastErrorLine.isEmpty { problem += ": " + output.lastErrorLine }
        return .failure(Failure(kind: .unavailable, problem: problem))
      }
      return .success(output.bytes)
    }
  }

  /// What a run read, however the command ended.
  struct Output {
    /// Standard output: at most `limit` bytes (and `lineLimit` lines).
    var bytes: [UInt8]
    /// Whether the output went on past the limits: it was cut there and the
    /// command stopped.
    var isCut: Bool
    /// The exit status, 128 + the signal for a command a signal ended; 0
    /// for a command stopped at the limits.
    var status: Int32
    /// The last non-blank line of standard error, made safe (empty for none).
    var lastErrorLine: String
  }

  /// Runs the command as `run(timeout:wake:)` does, and keeps the first
  /// `limit` bytes of its output, cut after `lineLimit` lines when given:
  /// past them it stops the command (its whole session) and says so
  /// (`isCut`). Nil when `wake` stopped it.
  /// `progress`, when given, is handed the output so far as it grows, at
  /// most every `progressInterval`.
  func collect(
    timeout: Duration, wake: Int32, lineLimit: Int?, progress: (([UInt8]) -> Void)? = nil
  ) -> Result<Output, Failure>? {
    let progressInterval = Self.progressInterval
    let deadline = ContinuousClock.now + timeout
    var lastProgress = ContinuousClock.now - progressInterval
    var reported = 0  // the bytes `progress` was last handed
    var output: [Int32] = [-1, -1]
    var errors: [Int32] = [-1, -1]
    guard Self.makePipe(&output) else { return .failure(systemFailure("pipe")) }
    guard Self.makePipe(&errors) else {
      close(output[0])
      close(output[1])
      return .failure(systemFailure("pipe"))
    }
    var pid: pid_t = 0
    let spawned = spawn(&pid, stdout: output[1], stderr: errors[1])
    close(output[1])
    close(errors[1])
    defer {
      close(output[0])
      close(errors[0])
    }
    guard spawned == 0 else {
      return .failure(
        Failure(kind: .unavailable, problem: "cannot run /bin/sh: " + describe(spawned)))
    }

    var bytes: [UInt8] = []
    var lines = 0
    var stderrTail: [UInt8] = []
    var isOutputOpen = true
    var isErrorOpen = true
    var buffer = [UInt8](repeating: 0, count: 64 << 10)
    func killGroup() {
      Self.killSession(of: pid)
      var status: Int32 = 0
      while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }
    // Read both pipes until the command closes them, or time is up, or a stop.
    while isOutputOpen || isErrorOpen {
      var fds = [
        pollfd(fd: isOutputOpen ? output[0] : -1, events: Int16(POLLIN), revents: 0),
        pollfd(fd: isErrorOpen ? errors[0] : -1, events: Int16(POLLIN), revents: 0),
        pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
      ]
      let remaining = milliseconds(until: deadline)
      guard remaining > 0 else {
        killGroup()
        return .failure(tooSlow())
      }
      // Output not handed to `progress` yet waits at most its interval.
      let isUnreported = progress != nil && bytes.count > reported
      let wait = isUnreported ? Self.progressMilliseconds : 60_000
      let ready = poll(&fds, 3, Int32(min(remaining, wait)))
      if ready < 0 && errno == EINTR { continue }
      if let progress, isUnreported, ContinuousClock.now - lastProgress >= progressInterval {
        lastProgress = ContinuousClock.now
        reported = bytes.count
        progress(bytes)
      }
      if fds[2].revents != 0 {
        killGroup()
        return nil
      }
      for (index, fd) in [output[0], errors[0]].enumerated() where fds[index].revents != 0 {
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else {
          if index == 0 { isOutputOpen = false } else { isErrorOpen = false }
          continue
        }
        if index == 0 {
          // Up to the line feed that ends the last line kept, when lines count.
          var kept = count
          if let lineLimit {
            if lines >= lineLimit { kept = 0 }
            for offset in 0..<count where lines < lineLimit && buffer[offset] == 0x0A {
              lines += 1
              if lines == lineLimit { kept = offset + 1 }
            }
          }
          // A byte past the limit is kept, to tell output that ends there from more.
          bytes += buffer[..<min(kept, limit + 1 - bytes.count)]
          if bytes.count > limit || kept < count {
            killGroup()
            if bytes.count > limit { bytes.removeLast(bytes.count - limit) }
            return .success(
              Output(
                bytes: bytes, isCut: true, status: 0,
                lastErrorLine: lastLine(of: stderrTail) ?? ""))
          }
          if let progress, ContinuousClock.now - lastProgress >= progressInterval {
            lastProgress = ContinuousClock.now
            reported = bytes.count
            progress(bytes)
          }
        } else {
          stderrTail += buffer[..<count]
          if stderrTail.count > 8192 { stderrTail.removeFirst(stderrTail.count - 4096) }
        }
      }
    }
    // Both pipes closed; wait for the exit, still within the deadline. The
    // exit is seen without reaping the command (WNOWAIT), so its session id
    // cannot be taken by another process before the session is killed below:
    // what the command left running in the background ends with the run.
    while true {
      var info = siginfo_t()
      let seen = waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT)
      if seen == 0 && info.si_signo != 0 { break }
      if seen < 0 && errno != EINTR { return .failure(systemFailure("waitid")) }
      let remaining = milliseconds(until: deadline)
      guard remaining > 0 else {
        killGroup()
        return .failure(tooSlow())
      }
      var wakeFD = pollfd(fd: wake, events: Int16(POLLIN), revents: 0)
      // The command closed its output but has not exited: look again shortly.
      _ = poll(&wakeFD, 1, Int32(min(remaining, 10)))
      if wakeFD.revents != 0 {
        killGroup()
        return nil
      }
    }
    Self.killSession(of: pid)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let signal = status & 0x7F
    return .success(
      Output(
        bytes: bytes, isCut: false, status: signal == 0 ? (status >> 8) & 0xFF : 128 + signal,
        lastErrorLine: lastLine(of: stderrTail) ?? ""))
  }

  private func spawn(_ pid: inout pid_t, stdout: Int32, stderr: Int32) -> Int32 {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, stdout, 1)
    posix_spawn_file_actions_adddup2(&actions, stderr, 2)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // A session of its own (and so a group of its own), so a stop or a
    // timeout kills what the shell started, whatever group it is in; default
    // signal handling and no blocked signals, whatever the app set.
    var defaults = sigset_t()
    sigfillset(&defaults)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var mask = sigset_t()
    sigemptyset(&mask)
    posix_spawnattr_setsigmask(&attributes, &mask)
    posix_spawnattr_setflags(
      &attributes,
      Int16(Self.spawnSetsSession | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
    let words: [String] = ["/bin/sh", "-c", command]
    let arguments = words.map { strdup($0) }
    defer { for argument in arguments { free(argument) } }
    return posix_spawn(&pid, "/bin/sh", &actions, &attributes, arguments + [nil], environ)
  }

  /// glibc's `POSIX_SPAWN_SETSID` (2.26 on), which the Glibc module leaves out.
  private static let spawnSetsSession: Int32 = 0x80

  /// Kills every process in the session `leader` leads: its process group,
  /// then whatever `/proc` says is still in the session (a job that moved to
  /// a group of its own), again until none is left. The leader is not
  /// reaped: its id names the session until the caller reaps it.
  static func killSession(of leader: pid_t) {
    kill(-leader, SIGKILL)
    for _ in 0..<20 {
      let members = sessionMembers(of: leader)
      if members.isEmpty { return }
      for member in members { kill(member, SIGKILL) }
    }
  }

  /// The processes in the session `leader` leads, except the leader and zombies.
  private static func sessionMembers(of leader: pid_t) -> [pid_t] {
    guard let folder = opendir("/proc") else { return [] }
    defer { closedir(folder) }
    var members: [pid_t] = []
    var buffer = [UInt8](repeating: 0, count: 1024)
    while let entry = readdir(folder) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard let pid = pid_t(name), pid != leader else { continue }
      let descriptor = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
      guard descriptor >= 0 else { continue }
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
      close(descriptor)
      guard count > 0 else { continue }
      // `pid (name) state ppid pgrp session ...`: the name may hold spaces and parentheses.
      let stat = buffer[..<count]
      guard let nameEnd = stat.lastIndex(of: UInt8(ascii: ")")) else { continue }
      let fields = stat[(nameEnd + 1)...].split(separator: UInt8(ascii: " "))
      guard fields.count > 4, fields[0].first != UInt8(ascii: "Z"),
        pid_t(String(decoding: fields[3], as: UTF8.self)) == leader
      else { continue }
      members.append(pid)
    }
    return members
  }

  /// A pipe whose ends close on exec (the child gets only the copies it is given).
  static func makePipe(_ ends: inout [Int32], isNonBlocking: Bool = false) -> Bool {
    guard pipe(&ends) == 0 else { return false }
    for end in ends {
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
      if isNonBlocking { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
    }
    return true
  }

  private func tooSlow() -> Failure {
    Failure(kind: .unavailable, problem: "did not finish within the interval; it was stopped")
  }

  private func systemFailure(_ call: String) -> Failure {
    Failure(kind: .unavailable, problem: "\(call) failed: " + describe(errno))
  }

  private func describe(_ code: Int32) -> String { String(cString: strerror(code)) }

  private func milliseconds(until deadline: ContinuousClock.Instant) -> Int {
    let (seconds, attoseconds) = (deadline - ContinuousClock.now).components
    return max(
      0, Int(seconds) * 1_000 + Int((attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000))
  }

  /// The last non-blank line of `bytes`, made safe for a message and cut to 200 characters.
  private func lastLine(of bytes: [UInt8]) -> String? {
    let text = String(decoding: bytes, as: UTF8.self)
    guard
      let line = text.split(whereSeparator: \.isNewline).last(where: {
        !$0.allSatisfy(\.isWhitespace)
      })
    else { return nil }
    let trimmed = line.trimmingPrefix(while: \.isWhitespace)
    return MessageText.safe(String(trimmed.prefix(200)))
  }
}
