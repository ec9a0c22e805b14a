/// What the `/` filter matched on one card: the characters drawn highlighted,
/// and the hidden field (a tag) it matched through, shown on the card.
struct CardMarks: Equatable, Sendable {
  /// Ranges of the title's characters (grapheme clusters) a word matched.
  var title: [Range<Int>] = []
  /// Ranges of the subtitle's characters a word matched.
  var subtitle: [Range<Int>] = []
  /// Ranges of the year's digits a word matched.
  var year: [Range<Int>] = []
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

  /// A highlighter for `query`; nil when it matches every card (no words).
  init?(_ query: String) {
    self.query = SearchQuery(query)
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
    for term in query.terms {
      var isShown = false
      if let range = Self.firstMatch(of: term, in: label.title) {
        marks.title.append(range)
        isShown = true
      }
      if let range = Self.firstMatch(of: term, in: label.subtitle) {
        marks.subtitle.append(range)
        isShown = true
      }
      if term.canMatchYear, let year = label.year,
        let range = Self.firstMatch(
          of: term, in: String(year))
      {
        marks.year.append(range)
        isShown = true
      }
      guard !isShown else { continue }
      for tag in label.tags where marks.note == nil || marks.note == "#" + tag {
        guard let range = Self.firstMatch(of: term, in: tag) else { continue }
        marks.note = "#" + tag
        marks.noteMarks.append((range.lowerBound + 1)..<(range.upperBound + 1))
        break
      }
    }
    return marks == CardMarks() ? nil : marks
  }

  /// The characters of `text` where `term` first matches it, folded.
  static func firstMatch(of term: SearchQuery.Term, in text: String) -> Range<Int>? {
    guard !text.isEmpty else { return nil }
    let (bytes, characters) = SearchFolding.foldedByCharacter(text)
    guard
      let match = bytes.withUnsafeBufferPointer({ term.firstMatch(in: $0, foldsASCII: false) }),
      !match.isEmpty
    else { return nil }
    return characters[match.lowerBound]..<(characters[match.upperBound - 1] + 1)
  }
}
