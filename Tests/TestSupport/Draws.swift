import PropertyBased
import Synchronization
import Testing

/// Random numbers given in advance: a `RandomNumberGenerator` that hands out
/// `values` in order, so code that builds a random case from a generator
/// (`Int.random(in:using:)`, `shuffled(using:)`) builds it from a list that
/// PropertyBased can generate and shrink (``Gen/draws(_:)``).
///
/// A draw of 0 or 1, and every draw past the end of the list, is the smallest
/// one: `Int.random(in:using:)` gives its lower bound for it (`Bool.random`
/// gives true). So a shorter list, or smaller numbers in it, build a case of
/// fewer and smaller choices: the shrinker, cutting the list and lowering its
/// numbers, arrives at a small case without knowing how the case is built.
package struct Draws: RandomNumberGenerator, Sendable, CustomStringConvertible {
  /// The draws to hand out, in order.
  package let values: [UInt64]
  /// How many draws have been handed out, past the end of `values` included.
  package private(set) var used = 0

  /// A generator that hands out `values`, then the smallest draw forever.
  package init(_ values: [UInt64]) { self.values = values }

  /// The next draw: never 0, which `Int.random(in:using:)` would reject
  /// (Lemire's method rejects a draw that maps into the uneven remainder),
  /// asking for more.
  package mutating func next() -> UInt64 {
    defer { used += 1 }
    return used < values.count ? max(values[used], 1) : 1
  }

  package var description: String { "\(values.count) draws" }
}

extension Gen where Value == Draws {
  /// `count` random draws, shrinking first by cutting the list short (every
  /// choice after the cut becomes the smallest), then by leaving one draw out
  /// (the choices after it move up by one), then by lowering one draw: to
  /// the smallest, to a half, three quarters or seven eighths of it (a
  /// lowered draw is shrunk again, so that is enough, and it keeps the
  /// shrinking of a case of hundreds of draws to seconds).
  package static func draws(_ count: Int) -> Generator<Draws, DrawsShrink> {
    let shrink: @Sendable ([UInt64]) -> sending DrawsShrink = { values in
      values.count.shrink(towards: 0).lazy.map { Array(values.prefix($0)) }
        .append(Shrink.shrinkArray(values, shrinker: { $0.shrink(towards: 0).prefix(4) }))
    }
    return Generator(run: { rng in (0..<count).map { _ in rng.next() } }, shrink: shrink)
      .map { Draws($0) }
  }
}

/// How a list of draws shrinks: shorter, then one draw fewer, then one draw lower.
package typealias DrawsShrink = Shrink.Appended<
  LazyMapSequence<Shrink.Integer<Int>, [UInt64]>,
  Shrink.Appended<
    Shrink.Omit<[UInt64]>,
    Shrink.ElementWise<UInt64, [UInt64], PrefixSequence<Shrink.Integer<UInt64>>>
  >
>

/// Runs `body` with every issue it records caught and returned as text
/// rather than recorded: for a test that checks how a failing property
/// check reports its failure.
package func caughtIssues(_ body: @Sendable () async -> Void) async throws -> [String] {
  let caught = Mutex<[String]>([])
  let catchIssues = IssueHandlingTrait.filterIssues { issue in
    caught.withLock { $0.append(issue.description) }
    return false
  }
  try await catchIssues.provideScope(
    for: Test.current!, testCase: Test.Case.current, performing: body)
  return caught.withLock { $0 }
}
