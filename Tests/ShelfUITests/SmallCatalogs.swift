import FrameRules
import TestSupport

@testable import ShelfUI

// Small catalogs and the frames of one edit of them, for the property tests
// that hold every frame of an edit to the frame rules (`MotionRulesTests`,
// `SectionEditsTests`).

/// A small catalog: two to four sections of one to three rows, each with a
/// few cards; most of them fit the view.
func smallCatalog(_ rng: inout SeededGenerator) -> [ShelfSection] {
  var next = 0
  return (0..<Int.random(in: 2...4, using: &rng)).map { s in
    ShelfSection(
      id: "s\(s)", title: "Section \(s)",
      rows: (0..<Int.random(in: 1...3, using: &rng)).map { _ in
        next += 1
        return smallCatalogRow(id: "r\(next)", title: "Row \(next)", cards: 2...7, &rng)
      })
  }
}

/// A row of a small catalog, with a number of cards drawn from `cards`.
func smallCatalogRow(
  id: String, title: String, cards: ClosedRange<Int>, _ rng: inout SeededGenerator
) -> CarouselRow {
  CarouselRow(
    id: id, title: title,
    cards: (0..<Int.random(in: cards, using: &rng)).map {
      CardFace(id: "c\($0)", title: "Card \($0)", subtitle: "by \($0)", year: 2000, rating: 3)
    })
}

/// The frames of one edit, from `sections` to `edited`, on a screen of
/// `size` whose focus `focusKeys` moved first: the screen before, every
/// 16 ms of a 300 ms animation, and the screen at rest. With them, the
/// lines of the tallest block the edit moves (the largest gap a frame may
/// show is one more), and whether the edit animated at all.
@MainActor
func smallCatalogFrames(
  from sections: [ShelfSection], to edited: [ShelfSection], size: Size, focusKeys: [Key]
) -> (frames: [Canvas], tallest: Int, animated: Bool) {
  let screen = ShelfScreen(
    content: ShelfContent(title: "Small", sections: sections),
    configuration: ScreenConfiguration(animationDuration: 300), updates: .immediate)
  _ = screen.render(size: size, now: 0)
  for key in focusKeys { _ = screen.handle(key, size: size) }
  var frames = [screen.render(size: size, now: 0)]
  screen.setContent(ShelfContent(title: "Small", sections: edited))
  let transition = screen.table.animator.transition
  var now: UInt64 = 0
  while screen.nextFrameDeadline(now: now) != nil && now < 2000 {
    now += 16
    frames.append(screen.render(size: size, now: now))
  }
  // A section moving whole is one block; any other header or row its own.
  let tallest = transition.map { max($0.motion.tallestBlock, tallestSectionShifting($0)) } ?? 0
  return (frames, tallest, transition != nil)
}

/// Lines of the tallest section that keeps its rows and shifts whole, header
/// and rows alike, on screen: one block moving (it gives way to another).
private func tallestSectionShifting(_ transition: TableTransition) -> Int {
  let (before, after) = (transition.before, transition.after)
  var tallest = 0
  for (old, entry) in before.model.entries.enumerated() where entry.row == nil {
    let id = before.model.content.sections[entry.section].id
    guard let new = after.model.entryIndexByID[.section(id)] else { continue }
    let count = before.model.content.sections[entry.section].rows.count
    guard count == after.model.content.sections[after.model.entries[new].section].rows.count,
      new + count < after.model.entries.count || count == 0
    else { continue }
    let shifts = (0...count).map {
      (after.model.entries[new + $0].y - after.state.scrollY)
        - (before.model.entries[old + $0].y - before.state.scrollY)
    }
    let same = (0...count).allSatisfy {
      before.model.entries[old + $0].id == after.model.entries[new + $0].id
    }
    if same && shifts[0] != 0 && Set(shifts).count == 1 {
      tallest = max(tallest, before.model.entries[old + count].maxY - entry.y)
    }
  }
  return tallest
}

/// The screen sizes small catalogs are drawn at: most fit the view; at
/// 80x24 most do not.
let smallCatalogSizes = [
  Size(width: 80, height: 24), Size(width: 100, height: 40), Size(width: 120, height: 50),
]

/// The keys that put the focus on the first row, or deeper (inside or
/// outside what an edit moves).
let smallCatalogFocusKeys: [[Key]] = [[], [.down], [.down, .down, .right], [.end]]

/// Everything wrong with the frames of one edit (`smallCatalogFrames`), one
/// sentence each, prefixed with its rule: the motion rules (still, oneway,
/// animated), sections and shown over the whole change, and each frame's
/// own (no gap taller than the tallest block moving and the line of a title
/// it covers, a whole block first at rest, the focused card whole). A
/// frame's problems come with its text.
func frameRuleProblems(of frames: [Canvas], tallest: Int, animated: Bool) -> [String] {
  guard let first = frames.first, let last = frames.last else { return [] }
  let checkers = frames.map(FrameChecker.init(canvas:))
  var problems =
    FrameChecker.motionProblems(checkers) + FrameChecker.sectionProblems(checkers)
    + FrameChecker.shownProblems(checkers)
  if first.lines != last.lines && !animated {
    problems.append("animated: the edit applied at once")
  }
  for (index, checker) in checkers.enumerated() {
    let atRest = index == 0 || index == checkers.count - 1
    let found = checker.problems(
      // One line more than the block: the title of a row that a passing block
      // covers is not drawn without its cards (a title never stands alone).
      FrameChecker.Expectations(maximumHole: atRest ? 0 : tallest + 1, isAtRest: atRest))
    problems += found.map {
      "frame \(index): \($0)\n\(frames[index].lines.joined(separator: "\n"))"
    }
  }
  return problems
}
