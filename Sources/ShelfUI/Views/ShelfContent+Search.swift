import Dispatch

extension ShelfContent {
  /// The cards that match `query` (`SearchQuery`; plain words as typed with
  /// `isExact`), best first, ties in the content's order: what
  /// `shelf --filter` prints. With no words, every card, in order.
  ///
  /// - Complexity: O(total card text × query length), on every core, then
  ///   O(*m* log *m*) for *m* matches.
  public func rankedMatches(of query: String, isExact: Bool = false) -> [PickedCard] {
    let needle = SearchQuery(query, isExact: isExact)
    var rows: [(row: CarouselRow, sectionTitle: String)] = []
    var starts: [Int] = [0]  // the first card of each row, counted over all
    for section in sections {
      for row in section.rows {
        rows.append((row, section.title ?? ""))
        starts.append(starts[starts.count - 1] + row.cards.count)
      }
    }
    let total = starts[starts.count - 1]
    let runs = max(1, min(total / 2048, 64))
    let found = UnsafeMutableBufferPointer<[BestMatches.Rank]>.allocate(capacity: runs)
    found.initialize(repeating: [])
    defer {
      _ = found.deinitialize()
      found.deallocate()
    }
    let slots = MatchSlots(found: found)
    // Each run scores a stretch of the cards, whichever rows they are in.
    DispatchQueue.concurrentPerform(iterations: runs) { [rows, starts] run in
      let end = total * (run + 1) / runs
      var index = total * run / runs
      var row = Self.row(containing: index, starts: starts)
      var matches: [BestMatches.Rank] = []
      while index < end {
        while starts[row + 1] <= index { row += 1 }
        let order = index - starts[row]
        // The card read in place (no copy of it counted), its place kept.
        let found = rows[row].row.cards.withUnsafeBufferPointer { cards in
          ShelfFilter.score(cards[order], folded: FoldedCard(cards[order]), needle)
        }
        if let found {
          matches.append(
            BestMatches.Rank(score: found.score, length: found.length, row: row, order: order))
        }
        index += 1
      }
      slots.found[run] = matches
    }
    var all = Array(found.joined())
    all.sort { $0.precedes($1) }
    return all.map { match in
      PickedCard(
        face: rows[match.row].row.cards[match.order], rowTitle: rows[match.row].row.title,
        sectionTitle: rows[match.row].sectionTitle)
    }
  }

  /// The row whose cards include the `index`th card of all, by `starts`.
  private static func row(containing index: Int, starts: [Int]) -> Int {
    var low = 0
    var high = starts.count - 2
    while low < high {
      let middle = (low + high + 1) / 2
      if starts[middle] <= index { low = middle } else { high = middle - 1 }
    }
    return low
  }
}

/// Each run's matches, written by that run alone.
private struct MatchSlots: @unchecked Sendable {
  let found: UnsafeMutableBufferPointer<[BestMatches.Rank]>
}
