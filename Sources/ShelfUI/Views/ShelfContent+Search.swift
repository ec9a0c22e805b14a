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
    let ranked = rankedPlaces(of: query, isExact: isExact)
    // The picked cards made on every core: each copies three strings'
    // references, a million of them scattered in memory.
    guard ranked.count > 0 else { return [] }
    let pieces = Self.pieces(of: ranked.count)
    return [PickedCard](unsafeUninitializedCapacity: ranked.count) { buffer, count in
      let slots = PickedSlots(slots: buffer)
      DispatchQueue.concurrentPerform(iterations: pieces) { piece in
        for k in (ranked.count * piece / pieces)..<(ranked.count * (piece + 1) / pieces) {
          slots.slots.initializeElement(at: k, to: ranked.card(k))
        }
      }
      count = ranked.count
    }
  }

  /// The lines `line` appends for `rankedMatches(of:isExact:)`, in
  /// stretches of matches joined in order, and how many matches there are:
  /// what `shelf --filter` writes. Each match's line is made as the match is
  /// found, on every core, while its card is in the cache; the lines are
  /// then copied out in rank order, a stretch on each core.
  ///
  /// - Complexity: that of `rankedMatches(of:isExact:)`, plus `line`'s.
  public func rankedMatchLines(
    of query: String, isExact: Bool = false,
    line: @Sendable (PickedCard, inout [UInt8]) -> Void
  ) -> (chunks: [[UInt8]], count: Int) {
    // The closure is called only while `rankedPlaces` runs.
    let ranked = withoutActuallyEscaping(line) {
      rankedPlaces(of: query, isExact: isExact, line: $0)
    }
    let pieces = Self.pieces(of: ranked.count)
    var chunks = [[UInt8]](repeating: [], count: pieces)
    chunks.withUnsafeMutableBufferPointer { buffer in
      let slots = ChunkSlots(slots: buffer)
      DispatchQueue.concurrentPerform(iterations: pieces) { piece in
        let range = (ranked.count * piece / pieces)..<(ranked.count * (piece + 1) / pieces)
        var size = 0
        for k in range { size += Int(ranked.all[ranked.kept[k]].lineCount) }
        var chunk: [UInt8] = []
        chunk.reserveCapacity(size)
        for k in range {
          let found = ranked.all[ranked.kept[k]]
          let start = Int(found.lineStart)
          chunk += ranked.lines[Int(found.run)][start..<start + Int(found.lineCount)]
        }
        slots.slots[piece] = chunk
      }
    }
    return (chunks, ranked.count)
  }

  /// The matches of `query`, ranked, each card once (`rankedMatches`).
  /// With `line`, each match's line is made as it is found (`lines`).
  private func rankedPlaces(
    of query: String, isExact: Bool,
    line: (@Sendable (PickedCard, inout [UInt8]) -> Void)? = nil
  ) -> RankedMatchList {
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
    let found = UnsafeMutableBufferPointer<[Found]>.allocate(capacity: runs)
    found.initialize(repeating: [])
    var lines = [[UInt8]](repeating: [], count: line == nil ? 0 : runs)
    defer {
      _ = found.deinitialize()
      found.deallocate()
    }
    // Each run scores a stretch of the cards, whichever rows they are in,
    // keeps each match's key for finding copies (its title is in the cache
    // now), and sorts its matches: the runs are then merged, on every core.
    lines.withUnsafeMutableBufferPointer { lines in
      let slots = MatchSlots(found: found, lines: lines)
      DispatchQueue.concurrentPerform(iterations: runs) { [rows, starts] run in
        let end = total * (run + 1) / runs
        var index = total * run / runs
        var row = Self.row(containing: index, starts: starts)
        var matches: [Found] = []
        var text: [UInt8] = []
        while index < end {
          while starts[row + 1] <= index { row += 1 }
          let order = index - starts[row]
          // The card read in place (no copy of it counted), its place kept.
          rows[row].row.cards.withUnsafeBufferPointer { cards in
            guard
              let found = ShelfFilter.score(cards[order], folded: FoldedCard(cards[order]), needle)
            else { return }
            var match = Found(
              rank: BestMatches.Rank(
                score: found.score, length: found.length, row: row, order: order),
              key: PrintedCards.key(of: cards[order]))
            if let line {
              let start = text.count
              line(
                PickedCard(
                  face: cards[order], rowTitle: rows[row].row.title,
                  sectionTitle: rows[row].sectionTitle), &text)
              match.run = Int32(run)
              match.lineStart = UInt32(start)
              match.lineCount = UInt32(text.count - start)
            }
            matches.append(match)
          }
          index += 1
        }
        matches.sort { $0.rank.precedes($1.rank) }
        slots.found[run] = matches
        if line != nil { slots.lines[run] = text }
      }
    }
    let all = SortedRuns.merged(Array(found)) { $0.rank.precedes($1.rank) }
    let kept = Self.printedOnce(all, cards: rows.map(\.row.cards))
    return RankedMatchList(rows: rows, all: all, kept: kept, lines: lines)
  }

  /// The places in `all` (matches sorted best first, of `cards` by row and
  /// place) of the matches printed: each card once.
  ///
  /// A card that several rows hold (the same id and face) is printed once,
  /// as fzf prints each line it reads once: at its best rank, which comes
  /// first. Ids are unique only within a row: another card of the same id
  /// is printed too. Copies of a card score alike and have the same length,
  /// so only a run of equal score and length is searched for them, by the
  /// key of their id and title; only cards of one key are read. The runs
  /// are searched on every core: a stretch of `all` searches the runs that
  /// start in it.
  ///
  /// - Complexity: O(`all.count`) on average.
  private static func printedOnce(_ all: [Found], cards: [[CardFace]]) -> [Int] {
    @Sendable func isRunStart(_ index: Int) -> Bool {
      index == 0 || all[index].rank.score != all[index - 1].rank.score
        || all[index].rank.length != all[index - 1].rank.length
    }
    let pieces = Self.pieces(of: all.count)
    var kept = [[Int]](repeating: [], count: pieces)
    kept.withUnsafeMutableBufferPointer { buffer in
      let slots = KeptSlots(slots: buffer)
      DispatchQueue.concurrentPerform(iterations: pieces) { piece in
        let end = all.count * (piece + 1) / pieces
        var runStart = all.count * piece / pieces
        while runStart < end, !isRunStart(runStart) { runStart += 1 }
        var printedHere: [Int] = []
        printedHere.reserveCapacity(end - runStart)
        while runStart < end {
          var runEnd = runStart + 1
          while runEnd < all.count, !isRunStart(runEnd) { runEnd += 1 }
          if runEnd - runStart == 1 {
            printedHere.append(runStart)
          } else {
            var printed = PrintedCards(capacity: runEnd - runStart)
            for index in runStart..<runEnd
            where printed.insert(
              all[index].key, at: index,
              isCopy: { earlier in
                let (a, b) = (all[earlier].rank, all[index].rank)
                return cards[a.row][a.order] == cards[b.row][b.order]
              })
            {
              printedHere.append(index)
            }
          }
          runStart = runEnd
        }
        slots.slots[piece] = printedHere
      }
    }
    return Array(kept.joined())
  }

  /// How many stretches `count` matches are cut into to be worked on on
  /// every core: at least 4,096 matches each, at most 64 stretches.
  private static func pieces(of count: Int) -> Int { max(1, min(count / 4096, 64)) }

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

/// The ranked matches of a query, each card once: the `kept` of `all`.
private struct RankedMatchList: Sendable {
  let rows: [(row: CarouselRow, sectionTitle: String)]
  let all: [Found]
  let kept: [Int]
  /// Each run's lines, when they were made (`Found.lineStart`).
  let lines: [[UInt8]]

  var count: Int { kept.count }

  /// The `k`th match, best first.
  func card(_ k: Int) -> PickedCard {
    let rank = all[kept[k]].rank
    return PickedCard(
      face: rows[rank.row].row.cards[rank.order], rowTitle: rows[rank.row].row.title,
      sectionTitle: rows[rank.row].sectionTitle)
  }
}

/// A match as `rankedMatches` sorts it: its rank and the key of its card
/// (`PrintedCards.key(of:)`).
private struct Found: Sendable {
  var rank: BestMatches.Rank
  var key: UInt64
  /// The run whose lines hold the match's line, when it was made, and where.
  var run: Int32 = 0
  var lineStart: UInt32 = 0
  var lineCount: UInt32 = 0
}

/// The cards printed of a run of matches, each once: found by a hash of
/// their id and title, then told apart by the whole face, read only for
/// matches whose keys meet.
private struct PrintedCards {
  /// The first match printed of each key, by its index.
  private var first: [UInt64: Int] = [:]
  /// The others (rare: cards of one key, but not of one face).
  private var others: [UInt64: [Int]] = [:]

  init(capacity: Int) { first.reserveCapacity(capacity) }

  /// Whether the card of match `index`, whose key is `key`, is not a copy
  /// of one printed (`isCopy` says whether it is a copy of the card of an
  /// earlier match); it is printed now if not.
  ///
  /// - Complexity: O(1) on average.
  mutating func insert(_ key: UInt64, at index: Int, isCopy: (Int) -> Bool) -> Bool {
    guard let printed = first[key] else {
      first[key] = index
      return true
    }
    guard !isCopy(printed), others[key]?.contains(where: isCopy) != true else { return false }
    others[key, default: []].append(index)
    return true
  }

  /// FNV-1a of the card's id and title, each closed by a byte no UTF-8
  /// holds: copies of a card share it, and other cards seldom do (they are
  /// compared whole). Cheaper than hashing the two strings.
  static func key(of face: CardFace) -> UInt64 {
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
  let found: UnsafeMutableBufferPointer<[Found]>
  let lines: UnsafeMutableBufferPointer<[UInt8]>
}

/// The picked cards, each slot written by one piece alone.
private struct PickedSlots: @unchecked Sendable {
  let slots: UnsafeMutableBufferPointer<PickedCard>
}

/// The places of the matches printed of stretches of matches, each slot
/// written by one piece alone.
private struct KeptSlots: @unchecked Sendable {
  let slots: UnsafeMutableBufferPointer<[Int]>
}

/// The lines of stretches of matches, each slot written by one piece alone.
private struct ChunkSlots: @unchecked Sendable {
  let slots: UnsafeMutableBufferPointer<[UInt8]>
}
