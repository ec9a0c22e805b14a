import Dispatch

extension ShelfContent {
  /// The cards that match `query` (`SearchQuery`; plain words as typed with
  /// `isExact`), best first, ties in the content's order, each card (its
  /// id and face) once, at its best rank however many rows hold it: what
  /// `shelf --filter` prints. With no words, every card once, in order.
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
    // A card that several rows hold (the same id and face) is printed once,
    // as fzf prints each line it reads once: at its best rank, which comes
    // first. Ids are unique only within a row: another card of the same id
    // is printed too. Copies of a card score alike and have the same length,
    // so only a run of equal score and length is searched for them.
    var picked: [PickedCard] = []
    picked.reserveCapacity(all.count)
    var runStart = 0
    while runStart < all.count {
      var runEnd = runStart + 1
      while runEnd < all.count, all[runEnd].score == all[runStart].score,
        all[runEnd].length == all[runStart].length
      {
        runEnd += 1
      }
      var printed = PrintedCards(capacity: runEnd - runStart > 1 ? runEnd - runStart : 0)
      for match in all[runStart..<runEnd] {
        let face = rows[match.row].row.cards[match.order]
        guard runEnd - runStart == 1 || printed.insert(face) else { continue }
        picked.append(
          PickedCard(
            face: face, rowTitle: rows[match.row].row.title,
            sectionTitle: rows[match.row].sectionTitle))
      }
      runStart = runEnd
    }
    return picked
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

/// The cards printed of a run of matches, each once: found by a hash of
/// their id and title, then told apart by the whole face.
private struct PrintedCards {
  /// The first card printed of each key (`key(of:)`).
  private var first: [UInt64: CardFace] = [:]
  /// The others (rare: cards of one key, but not of one face).
  private var others: [UInt64: [CardFace]] = [:]

  init(capacity: Int) { first.reserveCapacity(capacity) }

  /// Whether `face` was not printed yet; it is now.
  ///
  /// - Complexity: O(1) on average.
  mutating func insert(_ face: CardFace) -> Bool {
    let key = Self.key(of: face)
    guard let printed = first[key] else {
      first[key] = face
      return true
    }
    guard printed != face, others[key]?.contains(face) != true else { return false }
    others[key, default: []].append(face)
    return true
  }

  /// FNV-1a of the card's id and title, each closed by a byte no UTF-8
  /// holds: copies of a card share it, and other cards seldom do (they are
  /// compared whole). Cheaper than hashing the two strings.
  private static func key(of face: CardFace) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    add(face.id, to: &hash)
    add(face.title, to: &hash)
    return hash
  }

  private static func add(_ text: String, to hash: inout UInt64) {
    var text = text
    hash = text.withUTF8 { bytes in
      var hash = hash
      for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
      return (hash ^ 0xff) &* 0x100_0000_01b3
    }
  }
}

/// Each run's matches, written by that run alone.
private struct MatchSlots: @unchecked Sendable {
  let found: UnsafeMutableBufferPointer<[BestMatches.Rank]>
}
