import Foundation

/// Runs a program and waits for it, without Foundation's `Process`: `Process`
/// learns that a child ended when every holder of a pipe it shares with the
/// child has closed it, and tmux's server, which new-session forks off, would
/// hold it for ever. Here the child keeps no descriptor but 0, 1 and 2, and
/// starts with no signal blocked and every signal at its default action.
///
/// - Returns: the exit status (-1 if it did not exit normally) and what it printed.
func spawnAndWait(_ arguments: [String], capturingOutput: Bool) throws -> (
  status: Int32, output: String
) {
  var pipe: [Int32] = [-1, -1]
  if capturingOutput {
    guard Glibc.pipe(&pipe) == 0 else { throw SpawnError.failed("pipe: \(errno)") }
  }
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
  if capturingOutput {
    posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
  } else {
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
  }
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
  _ = spawnFileActionsAddCloseFrom(&actions, 3)
  let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
  defer { for pointer in argv { free(pointer) } }
  // The calling thread may be a Dispatch worker, which blocks most signals; a
  // child would inherit that mask (and tmux's shells would ignore SIGHUP).
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
  var pid: pid_t = 0
  let result = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, environ)
  if capturingOutput { close(pipe[1]) }
  guard result == 0 else {
    if capturingOutput { close(pipe[0]) }
    throw SpawnError.failed("cannot run \(arguments[0]): \(result)")
  }
  var output = Data()
  if capturingOutput {
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = read(pipe[0], &buffer, buffer.count)
      if count > 0 {
        output.append(contentsOf: buffer[0..<count])
      } else if count < 0 && errno == EINTR {
        continue
      } else {
        break
      }
    }
    close(pipe[0])
  }
  var status: Int32 = 0
  while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
  let exited = status & 0x7F == 0
  return (exited ? (status >> 8) & 0xFF : -1, String(decoding: output, as: UTF8.self))
}

/// glibc 2.34's `posix_spawn_file_actions_addclosefrom_np`, which the Glibc
/// module hides behind `_GNU_SOURCE`.
@_silgen_name("posix_spawn_file_actions_addclosefrom_np")
private func spawnFileActionsAddCloseFrom(
  _ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ from: Int32
) -> Int32

enum SpawnError: Error {
  case failed(String)
}
