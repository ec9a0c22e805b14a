@testable import ShelfUI

/// Reads a change's frames in order, as a user watches them, and names what
/// makes the motion hard to follow: a block whose place is the same before
/// and after that moves, a block that goes back and forth on its way, and a
/// change that jumps to its end without a frame in between.
///
/// Blocks are told apart by what a user reads: a section header's title, a
/// row's title (its focus mark and counter aside). A title shown twice in a
/// frame, or not at both ends, is not followed.
extension FrameChecker {
  /// A header or row title seen on a body line.
  struct Block: Hashable {
    var isHeader: Bool
    var title: String
  }

  /// Each block that shows once in the frame, with its line.
  var blockLines: [Block: Int] {
    var seen: [Block: Int] = [:]
    var repeated: Set<Block> = []
    for y in 1..<max(1, grid.count - 1) {
      let text = grid[y].joined()
      let block: Block
      switch kind(ofLine: y) {
      case .header:
        let title = text.trimmingCharacters(in: "━ ")
        block = Block(isHeader: true, title: title)
      case .title:
        // The title, without the focus mark and the `n / m` counter.
        var words = text.dropFirst().split(separator: " ", omittingEmptySubsequences: true)
        words.removeLast(min(3, words.count))
        block = Block(isHeader: false, title: words.joined(separator: " "))
      default:
        continue
      }
      if seen[block] != nil { repeated.insert(block) }
      seen[block] = y
    }
    for block in repeated { seen[block] = nil }
    return seen
  }

  /// The body's boxes, rules and blank lines, its words and numbers left out:
  /// where things are drawn, not what they say.
  var layoutShape: [String] {
    let boxes = Set("┌┐└┘─│┏┓┗┛━┃")
    return (1..<max(1, grid.count - 1)).map { y in
      switch kind(ofLine: y) {
      case .header: return "header"
      case .title: return "title"
      default: return String(grid[y].joined().map { boxes.contains($0) ? $0 : " " })
      }
    }
  }

  /// Everything wrong with the motion of `frames`, the first before a change
  /// and the last at rest after it, one sentence each (empty: easy to follow).
  ///
  /// - **Stillness**: a block on the same line in the first and the last frame
  ///   shows on that line in every frame it shows in (a moving block may pass
  ///   over it and hide it).
  /// - **One way**: a block on different lines at the two ends goes one way
  ///   from the first to the second, never beyond either.
  /// - **Always animated**: when the first and last frames differ, some frame
  ///   between them differs from both.
  static func motionProblems(_ frames: [FrameChecker]) -> [String] {
    guard let first = frames.first, let last = frames.last, frames.count >= 1 else { return [] }
    var problems: [String] = []
    let start = first.blockLines
    let end = last.blockLines
    let lines = frames.map(\.blockLines)
    for (block, from) in start {
      guard let to = end[block] else { continue }
      let name = "\(block.isHeader ? "header" : "row") \"\(block.title)\""
      let seen = lines.enumerated().compactMap { index, lines in lines[block].map { (index, $0) } }
      if from == to {
        for (index, y) in seen where y != from {
          problems.append("frame \(index): still \(name) drawn at line \(y), not \(from)")
        }
        continue
      }
      let down = to > from
      var previous = from
      for (index, y) in seen {
        let backwards = down ? y < previous : y > previous
        let beyond = down ? y > to : y < to
        if backwards || beyond {
          problems.append(
            "frame \(index): \(name) at line \(y) after \(previous), on its way from \(from) to \(to)"
          )
        }
        previous = y
      }
    }
    // Something moves: a block on other lines, or boxes drawn elsewhere (a
    // retitled row or an edited card changes in place, with a highlight the
    // text does not show).
    let moves =
      start.contains { block, line in end[block].map { $0 != line } ?? false }
      || first.layoutShape != last.layoutShape
    if moves {
      let between = frames.dropFirst().dropLast()
      if !between.contains(where: { $0.grid != first.grid && $0.grid != last.grid }) {
        problems.append("the change jumps from its first frame to its last: nothing animates")
      }
    }
    return problems
  }
}

extension String {
  /// The string without `characters` at either end.
  fileprivate func trimmingCharacters(in characters: String) -> String {
    let set = Set(characters)
    return String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
  }
}
