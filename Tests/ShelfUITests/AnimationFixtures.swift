import ShelfUI

/// Small content for animation transcripts: two sections, four rows of short cards.
enum AnimationFixtures {
  static let size = Size(width: 60, height: 20)

  static func card(_ id: String, _ year: Int = 2000) -> CardFace {
    CardFace(id: id, title: "Card \(id)", subtitle: "by \(id)", year: year, rating: 3)
  }

  static func row(_ id: String, _ cards: [String]) -> CarouselRow {
    CarouselRow(id: id, title: "Row \(id)", cards: cards.map { card($0) })
  }

  static let base = ShelfContent(
    title: "Animations",
    sections: [
      ShelfSection(
        id: "s1", title: "First",
        rows: [row("r1", ["a", "b", "c", "d", "e"]), row("r2", ["f", "g", "h"])]),
      ShelfSection(
        id: "s2", title: "Second", rows: [row("r3", ["i", "j", "k", "l"]), row("r4", ["m", "n"])]),
    ])

  /// `base` changed by `change`.
  static func changed(_ change: (inout [ShelfSection]) -> Void) -> ShelfContent {
    editing(base, change)
  }

  /// One content change of each kind, named for its golden transcript.
  static let changes: [(name: String, content: ShelfContent)] = [
    ("row-insert", changed { $0[0].rows.insert(row("new", ["x", "y"]), at: 1) }),
    ("row-delete", changed { $0[0].rows.remove(at: 1) }),
    ("row-move", changed { $0[0].rows.insert($0[1].rows.remove(at: 0), at: 0) }),
    ("row-between-sections", changed { $0[1].rows.insert($0[0].rows.remove(at: 1), at: 1) }),
    ("row-rename", changed { $0[0].rows[1].title = "Row r2, renamed" }),
    ("card-insert", changed { $0[0].rows[0].cards.insert(card("new"), at: 1) }),
    ("card-delete", changed { $0[0].rows[0].cards.remove(at: 1) }),
    ("card-move", changed { $0[0].rows[0].cards.insert($0[0].rows[0].cards.remove(at: 0), at: 2) }),
    (
      "card-move-out-of-view",
      changed { $0[0].rows[0].cards.append($0[0].rows[0].cards.remove(at: 1)) }
    ),
    ("card-reload", changed { $0[0].rows[0].cards[1].title = "Card b, edited" }),
    (
      "card-between-rows",
      changed { $0[0].rows[1].cards.insert($0[0].rows[0].cards.remove(at: 1), at: 0) }
    ),
    (
      "section-insert",
      changed {
        $0.insert(ShelfSection(id: "s0", title: "Zeroth", rows: [row("r0", ["z"])]), at: 0)
      }
    ),
    ("section-delete", changed { $0.remove(at: 0) }),
    ("section-move", changed { $0.swapAt(0, 1) }),
  ]
}
