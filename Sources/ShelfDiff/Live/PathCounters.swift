/// What one change costs on its way to the screen, counted for the
/// benchmarks: the diffs computed and the hops through the main queue, each
/// under the name of the step that took it (`"diff: table holder"`,
/// `"hop: carousel holder"`).
///
/// Counting is a lock and a dictionary update per diff or hop, a few per
/// change; `make bench` reads the counts around each change and prints them.
package enum PathCounters {
  private static let counts = Locked([String: Int]())

  /// Counts one more diff computed by `step`.
  package static func noteDiff(_ step: String) { note("diff: " + step) }

  /// Counts one more hop through the main queue taken by `step`.
  package static func noteHop(_ step: String) { note("hop: " + step) }

  private static func note(_ name: String) {
    counts.withLock { $0[name, default: 0] += 1 }
  }

  /// Every count so far, by name.
  package static var snapshot: [String: Int] { counts.withLock { $0 } }

  /// Sets every count back to zero.
  package static func reset() { counts.withLock { $0 = [:] } }
}
