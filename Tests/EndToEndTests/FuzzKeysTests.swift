import Foundation
import TestSupport
import Testing

/// `Scripts/fuzz-keys.py`, briefly: random keyboard bytes (Ctrl-S among
/// them, never q or Ctrl-C) leave the app alive, answering a key, and
/// quitting with 0 on q.
@Suite struct FuzzKeys {
  @Test func aFewSecondsOfRandomBytesLeaveTheAppAnswering() async throws {
    let script = repositoryRoot.appendingPathComponent("Scripts/fuzz-keys.py").path
    // A fixed seed and a bounded number of bytes; the answer may take up to
    // 3 s here (the script's own bound is 1 s) so a loaded machine cannot fail it.
    let run = try await offThePool {
      try spawnAndWait(
        [
          "python3", script, "--shelf", shelfBinary.path, "--seconds", "3", "--max-bytes",
          "6000", "--seed", "37", "--answer", "3",
        ], capturingOutput: true)
    }
    #expect(run.status == 0, "\(run.output)")
    #expect(run.output.hasPrefix("fuzz-keys: ok"), "\(run.output)")
  }
}
