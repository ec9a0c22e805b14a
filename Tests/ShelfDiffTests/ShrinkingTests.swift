import PropertyBased
import ShelfDiff
import Synchronization
import TestSupport
import Testing

/// A replay that forgets moves: the items that stay keep their old order.
/// Wrong whenever the delta moves an item.
private func replayForgettingMoves(_ delta: IndexDelta, old: [DiffBook], new: [DiffBook])
  -> [DiffBook]
{
  let deleted = Set(delta.deletions)
  var replayed = old.indices.filter { !deleted.contains($0) }.map { old[$0] }
  for index in delta.insertions { replayed.insert(new[index], at: min(index, replayed.count)) }
  return replayed
}

/// The property tests' generators shrink: a wrong property, checked over
/// the same random book arrays as `applyingTheDeltaTurnsOldIntoNew`, fails
/// on a large case and is reported with a small one. Its issues are caught
/// here rather than recorded, so this test fails only if no failure is
/// found or the case reported is not small.
@Test func aWrongReplayIsReportedWithASmallCase() async throws {
  let failures = Mutex<[Versions<DiffBook>]>([])
  let messages = try await caughtIssues {
    await propertyCheck(count: 700, input: bookVersions()) { versions in
      let delta = IndexDelta(from: versions.old, to: versions.new)
      let replayed = replayForgettingMoves(delta, old: versions.old, new: versions.new)
      if replayed.map(\.id) != versions.new.map(\.id) { failures.withLock { $0.append(versions) } }
      #expect(replayed.map(\.id) == versions.new.map(\.id))
    }
  }
  let failing = failures.withLock { $0 }
  let report = try #require(messages.first { $0.contains("Failure occured with input") })
  // The last failing run is the replay of the shrunk case the report names.
  let shrunk = try #require(failing.last)
  #expect(report.contains("with input \(shrunk)"))
  #expect(shrunk.old.count + shrunk.new.count <= 4, "\(report)")
  // The first failing case is most often large; it is the one shrunk.
  let original = try #require(failing.first)
  let wasShrunk = report.contains("shrunk down from \(original)")
  #expect(wasShrunk || original.old.count + original.new.count <= 4, "\(report)")
}
