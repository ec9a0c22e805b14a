import Foundation

/// A finished `shelf` run, measured from outside: how it ended, what it said
/// on stderr, its peak resident memory (the kernel's count for that one
/// child, from `wait4`) and how long it took.
struct MeasuredRun {
  /// The exit status; -1 when it did not exit normally or was killed at the timeout.
  var status: Int32
  var standardError: String
  /// The peak resident set, in bytes (`ru_maxrss`).
  var peakMemory: Int
  var duration: Duration
}

/// Runs `shelf arguments` with stdin and stdout on /dev/null, reading its
/// stderr, and waits for it: at most `timeout`, then it is killed and the
/// status is -1. The timeout only catches a hang: a debug build reading
/// 128 MiB beside a full build on two cores took over a minute.
func runShelfMeasured(_ arguments: [String], timeout: Duration = .seconds(240)) throws
  -> MeasuredRun
{
  var pipe: [Int32] = [-1, -1]
  guard Glibc.pipe(&pipe) == 0 else { throw SpawnError.failed("pipe: \(errno)") }
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
  posix_spawn_file_actions_adddup2(&actions, pipe[1], 2)
  posix_spawn_file_actions_addclose(&actions, pipe[0])
  posix_spawn_file_actions_addclose(&actions, pipe[1])
  let argv: [UnsafeMutablePointer<CChar>?] =
    ([shelfBinary.path] + arguments).map { strdup($0) } + [nil]
  defer { for pointer in argv { free(pointer) } }
  let started = ContinuousClock.now
  var pid: pid_t = 0
  let spawned = posix_spawn(&pid, shelfBinary.path, &actions, nil, argv, environ)
  close(pipe[1])
  defer { close(pipe[0]) }
  guard spawned == 0 else { throw SpawnError.failed("cannot run shelf: \(spawned)") }

  // Read stderr to its end (the exit), or until the timeout.
  var errorBytes: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 4096)
  var isTimedOut = false
  while true {
    let left = timeout - (ContinuousClock.now - started)
    guard left > .zero else {
      isTimedOut = true
      break
    }
    var descriptor = pollfd(fd: pipe[0], events: Int16(POLLIN), revents: 0)
    let milliseconds = Int32(left.components.seconds * 1000 + 1)
    if poll(&descriptor, 1, milliseconds) <= 0 { continue }
    let count = read(pipe[0], &buffer, buffer.count)
    if count < 0 && errno == EINTR { continue }
    if count <= 0 { break }
    errorBytes += buffer[..<count]
  }
  if isTimedOut { kill(pid, SIGKILL) }
  var status: Int32 = 0
  var usage = rusage()
  while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
  let exited = status & 0x7F == 0
  return MeasuredRun(
    status: exited && !isTimedOut ? (status >> 8) & 0xFF : -1,
    standardError: String(decoding: errorBytes, as: UTF8.self),
    peakMemory: usage.ru_maxrss * 1024, duration: ContinuousClock.now - started)
}

/// Runs `work` on a Dispatch thread and awaits it: a test that blocks for
/// seconds (a child process, a server starting) must not hold one of Swift
/// concurrency's few threads, which the other tests' waits resume on.
func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
  }
}
