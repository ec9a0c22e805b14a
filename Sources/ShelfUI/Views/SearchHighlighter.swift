/// What the `/` filter matched on one card: the characters drawn highlighted,
/// and the hidden field (a tag) it matched through, shown on the card.
struct CardMarks: Equatable, Sendable {
  /// Ranges of the title's characters (grapheme clusters) a word matched.
  var title: [Range<Int>] = []
  /// Ranges of the subtitle's characters a word matched.
  var subtitle: [Range<Int>] = []
  /// Ranges of the year's digits a word matched.
  var year: [Range<Int>] = []
  /// Ranges of each of a templated face's lines a word matched (empty
  /// for the standard face).
  var lines: [[Range<Int>]] = []
  /// A tag that a word matched when no field on the card did, as the card
  /// shows it (`#tag`), in place of a subtitle with nothing matched.
  var note: String?
  /// Ranges of `note`'s characters the words matched.
  var noteMarks: [Range<Int>] = []
}

/// Marks on the cards of a scene what a query matched. Only the cards on
/// screen are marked, each frame: a filter of a million cards folds only
/// the text it shows.
struct SearchHighlighter: Sendable {
  /// The query whose matches it marks.
  let query: SearchQuery

  /// A highlighter for `query` (read as in exact mode with `isExact`); nil
  /// when it matches every card (no words).
  init?(_ query: String, isExact: Bool = false) {
    self.query = SearchQuery(query, isExact: isExact)
    if self.query.isEmpty { return nil }
  }

  /// `scene` with every card's matches marked.
  ///
  /// - Complexity: O(text of the cards on screen × query length).
  func marked(_ scene: Scene) -> Scene {
    var scene = scene
    for index in scene.entries.indices {
      guard case .row(var row) = scene.entries[index], !row.cards.isEmpty else { continue }
      for card in row.cards.indices {
        row.cards[card].face.marks = marks(for: row.cards[card].face)
      }
      scene.entries[index] = .row(row)
    }
    return scene
  }

  /// What the query matched on `label`; nil when nothing shows it.
  func marks(for label: CardLabel) -> CardMarks? {
    var marks = CardMarks()
    let isTemplated = !label.lines.isEmpty
    if isTemplated { marks.lines = Array(repeating: [], count: label.lines.count) }
    for term in query.terms {
      var isShown = false
      if isTemplated {
        for (index, line) in label.lines.enumerated() {
          guard let ranges = Self.matches(of: term, in: line) else { continue }
          marks.lines[index] += ranges
          isShown = true
        }
      } else {
        if let ranges = Self.matches(of: term, in: label.title) {
          marks.title += ranges
          isShown = true
        }
        if let ranges = Self.matches(of: term, in: label.subtitle) {
          marks.subtitle += ranges
          isShown = true
        }
        if term.canMatchYear, let year = label.year,
          let ranges = Self.matches(of: term, in: String(year))
        {
          marks.year += ranges
          isShown = true
        }
      }
      guard !isShown else { continue }
      for tag in label.tags where marks.note == nil || marks.note == "#" + tag {
        guard let ranges = Self.matches(of: term, in: tag) else { continue }
        marks.note = "#" + tag
        marks.noteMarks += ranges.map { ($0.lowerBound + 1)..<($0.upperBound + 1) }
        break
      }
    }
    if marks.lines.allSatisfy(\.isEmpty) { marks.lines = [] }
    return marks == CardMarks() ? nil : marks
  }

  /// The characters of `text` that `term` matches (its best alignment), as
  /// runs; nil when it does not match or matches nothing drawn.
  static func matches(of term: SearchQuery.Term, in text: String) -> [Range<Int>]? {
    guard !text.isEmpty else { return nil }
    let (bytes, characters) = SearchFolding.foldedByCharacter(text)
    var positions: [Int] = []
    guard
      bytes.withUnsafeBufferPointer({
        term.score(in: $0, foldsASCII: false, positions: &positions)
      }) != nil, !positions.isEmpty
    else { return nil }
    var ranges: [Range<Int>] = []
    for position in positions {
      let character = characters[position]
      if let last = ranges.last, last.upperBound >= character {
        ranges[ranges.count - 1] = last.lowerBound..<max(last.upperBound, character + 1)
      } else {
        ranges.append(character..<(character + 1))
      }
    }
    return ranges
  }
}
