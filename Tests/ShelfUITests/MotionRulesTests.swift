import FrameRules
import TestSupport
import Testing

@testable import ShelfUI

// The three rules of motion, over seeded edits of small catalogs (two to four
// sections of one to three rows, most of them fitting the view): sections
// moved, rows swapped next to each other and far apart, rows moved across
// sections, with the focus inside and outside what moves.
//
// - always animated: every edit that changes the screen draws frames between;
// - stillness: a header or row on the same line before and after never moves;
// - one way: every other one goes straight from its line to its new one;
// - sections: a header never stands over a row of another section, and a
//   header whose section gains or loses rows never pops in;
// and every frame stays readable, with no gap taller than the tallest block
// the edit moves.

/// The edits a user makes to a catalog file.
private enum Edit: CaseIterable {
  case sectionMove, adjacentSwap, distantSwap, rowAcrossSections

  func applied(to sections: [ShelfSection], _ rng: inout SeededGenerator) -> [ShelfSection] {
    var sections = sections
    switch self {
    case .sectionMove:
      let moved = sections.remove(at: Int.random(in: sections.indices, using: &rng))
      var to = Int.random(in: 0...sections.count, using: &rng)
      if sections.count > 0 && to == sections.count && moved.id == "s\(sections.count)" { to = 0 }
      sections.insert(moved, at: to)
    case .adjacentSwap:
      let candidates = sections.indices.filter { sections[$0].rows.count >= 2 }
      if let s = candidates.randomElement(using: &rng) {
        let r = Int.random(in: 0..<(sections[s].rows.count - 1), using: &rng)
        sections[s].rows.swapAt(r, r + 1)
      } else {
        sections.swapAt(0, 1)
      }
    case .distantSwap:
      // The first row of the first section and the last of the last one.
      let last = sections.count - 1
      let a = sections[0].rows.removeFirst()
      let b = sections[last].rows.removeLast()
      sections[0].rows.insert(b, at: 0)
      sections[last].rows.append(a)
    case .rowAcrossSections:
      let from = Int.random(in: sections.indices, using: &rng)
      let moved = sections[from].rows.remove(
        at: Int.random(in: sections[from].rows.indices, using: &rng))
      var to = Int.random(in: sections.indices, using: &rng)
      if to == from { to = (from + 1) % sections.count }
      sections[to].rows.insert(moved, at: Int.random(in: 0...sections[to].rows.count, using: &rng))
    }
    return sections
  }
}

/// The frames of one edit of the small catalog of `seed`
/// (`smallCatalogFrames`).
@MainActor
private func frames(
  of edit: Edit, seed: UInt64, size: Size, focusKeys: [Key]
) -> (frames: [Canvas], tallest: Int, animated: Bool) {
  var rng = SeededGenerator(seed: seed)
  let sections = smallCatalog(&rng)
  return smallCatalogFrames(
    from: sections, to: edit.applied(to: sections, &rng), size: size, focusKeys: focusKeys)
}

@MainActor
@Test(arguments: Edit.allCases, 0..<30 as Range<UInt64>)
private func everyEditOfASmallCatalogMovesAsUIKitWould(edit: Edit, seed: UInt64) {
  let size = smallCatalogSizes[Int(seed) % smallCatalogSizes.count]
  // The focus on the first row, or deeper (inside or outside what moves).
  let keys = smallCatalogFocusKeys[Int(seed / 3) % smallCatalogFocusKeys.count]
  let (canvases, tallest, animated) = frames(of: edit, seed: seed, size: size, focusKeys: keys)
  let checkers = canvases.map(FrameChecker.init(canvas:))
  let motion = FrameChecker.motionProblems(checkers) + FrameChecker.sectionProblems(checkers)
  #expect(motion.isEmpty, "\(edit) seed \(seed) at \(size.width)x\(size.height): \(motion)")
  if canvases.first!.lines != canvases.last!.lines {
    #expect(animated, "\(edit) seed \(seed): the edit applied at once")
  }
  for (index, checker) in checkers.enumerated() {
    let atRest = index == 0 || index == checkers.count - 1
    let problems = checker.problems(
      // One line more than the block: the title of a row that a passing block
      // covers is not drawn without its cards (a title never stands alone).
      FrameChecker.Expectations(maximumHole: atRest ? 0 : tallest + 1, isAtRest: atRest))
    #expect(
      problems.isEmpty,
      "\(edit) seed \(seed) frame \(index): \(problems)\n\(canvases[index].lines.joined(separator: "\n"))"
    )
    if !problems.isEmpty { break }
  }
}

// Each rule, broken on purpose, is seen.

/// A frame of `lines` body lines, each a header, a row title or blank, under
/// a status line and over a key hint.
private func frame(_ body: [String]) -> FrameChecker {
  let lines =
    [" Status"]
    + body.map { line in
      if line.hasPrefix("#") { return " ━━ \(line.dropFirst()) ━━━━" }
      if line.isEmpty { return "" }
      return " \(line)                1 / 3"
    } + [" keys"]
  return FrameChecker(text: lines.joined(separator: "\n"))
}

@Test func theMotionCheckerSeesAStillRowMove() {
  let frames = [
    frame(["#One", "Row a", "Row b", "Row c"]),
    frame(["#One", "", "Row a", "Row c"]),  // b swapped past a... and c moved
    frame(["#One", "Row b", "Row a", "Row c"]),
  ]
  #expect(FrameChecker.motionProblems(frames).isEmpty)
  let broken = [
    frame(["#One", "Row a", "Row b", "Row c"]),
    frame(["#One", "Row b", "Row a", "", "Row c"]),  // c dips a line
    frame(["#One", "Row b", "Row a", "Row c"]),
  ]
  #expect(FrameChecker.motionProblems(broken).contains { $0.contains("still row \"Row c\"") })
}

@Test func theMotionCheckerSeesABlockGoBackAndForth() {
  let broken = [
    frame(["Row a", "Row b", "Row c", "", ""]),
    frame(["Row b", "", "Row c", "Row a", ""]),  // a overshoots
    frame(["Row b", "Row c", "Row a", "", ""]),
  ]
  #expect(FrameChecker.motionProblems(broken).contains { $0.contains("row \"Row a\" at line 4") })
  let closingAndReopening = [
    frame(["Row a", "Row b", "Row c"]),
    frame(["Row a", "Row c", ""]),  // c closes up...
    frame(["Row b", "Row a", "Row c"]),  // ...and goes back down
  ]
  #expect(
    FrameChecker.motionProblems(closingAndReopening).contains { $0.contains("still row \"Row c\"") }
  )
}

@Test func theMotionCheckerSeesAChangeThatDoesNotAnimate() {
  let before = frame(["Row a", "Row b"])
  let after = frame(["Row b", "Row a"])
  #expect(
    FrameChecker.motionProblems([before, after]).contains { $0.contains("nothing animates") })
  #expect(
    FrameChecker.motionProblems([before, before, after, after]).contains {
      $0.contains("nothing animates")
    })
  let between = frame(["", "Row b"])  // b slides up over a
  #expect(FrameChecker.motionProblems([before, between, after]).isEmpty)
}
