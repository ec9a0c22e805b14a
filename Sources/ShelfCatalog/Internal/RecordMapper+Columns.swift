extension RecordMapper {
  /// The mapping resolved against one header: every CSV or TSV record has
  /// the same fields in the same order, so each field the mapping names is
  /// found by its place once, not by its name on every record. `card(_:)`
  /// with a `Record` of these fields makes the same card.
  struct Columns {
    /// A template's piece: literal text, or the value of the field at a place.
    enum Piece {
      case text(String)
      case column(Int)
    }

    let title: [Piece]
    /// Nil: the field `id`, else the record's whole content.
    let id: [Piece]?
    /// These and the typed fields: the option's, else the field of the
    /// part's name; nil when neither.
    let subtitle: [Piece]?
    let url: [Piece]?
    let image: [Piece]?
    let year: Int?
    let rating: Int?
    let tags: Int?
    let sectionBy: Int?
    let groupBy: Int?

    /// The columns of `names` for `mapping`; nil when a field it groups by
    /// is not among them (then no record has it, which is an error).
    init?(names: [String], mapping: RecordMapping) {
      // The first of a name, as `Record.value` finds it.
      var place: [String: Int] = [:]
      for (index, name) in names.enumerated() where place[name] == nil { place[name] = index }
      func pieces(_ template: FieldTemplate) -> [Piece] {
        template.pieces.map { piece in
          switch piece {
          case .text(let text): .text(text)
          case .field(let name): place[name].map(Piece.column) ?? .text("")
          }
        }
      }
      if let name = mapping.sectionBy, place[name] == nil { return nil }
      if let name = mapping.groupBy, place[name] == nil { return nil }
      sectionBy = mapping.sectionBy.flatMap { place[$0] }
      groupBy = mapping.groupBy.flatMap { place[$0] }
      if let template = mapping.title {
        title = pieces(template)
      } else if let column = place["title"] ?? place["name"]
        ?? names.firstIndex(where: { $0 != mapping.groupBy && $0 != mapping.sectionBy })
        ?? (names.isEmpty ? nil : 0)
      {
        title = [.column(column)]
      } else {
        title = [.text("")]
      }
      id = mapping.id.map(pieces) ?? place["id"].map { [.column($0)] }
      // A field named as a card's part is that part by default, as `card(_:)` says.
      subtitle = mapping.subtitle.map(pieces) ?? place["subtitle"].map { [.column($0)] }
      url = mapping.url.map(pieces) ?? place["url"].map { [.column($0)] }
      image = mapping.image.map(pieces) ?? place["image"].map { [.column($0)] }
      year = place[mapping.year ?? "year"]
      rating = place[mapping.rating ?? "rating"]
      tags = place[mapping.tags ?? "tags"]
    }

    /// `pieces` filled in from the values `value` gives by column.
    @inline(__always)
    static func text(_ pieces: [Piece], _ value: (Int) -> String) -> String {
      if pieces.count == 1 {
        switch pieces[0] {
        case .text(let text): return text
        case .column(let column): return value(column)
        }
      }
      var result = ""
      for piece in pieces {
        switch piece {
        case .text(let text): result += text
        case .column(let column): result += value(column)
        }
      }
      return result
    }
  }

  /// The card of a record with `fields`, of the names `columns` was made
  /// for, whose values `value` gives by column.
  @inline(__always)
  func card(_ fields: CardFields, columns: Columns, value: (Int) -> String) -> Card {
    card(
      fields: fields, id: columns.id.map { Columns.text($0, value) },
      title: Columns.text(columns.title, value),
      subtitle: columns.subtitle.map { Columns.text($0, value) },
      url: columns.url.map { Columns.text($0, value) },
      image: columns.image.map { Columns.text($0, value) },
      year: columns.year.map(value), rating: columns.rating.map(value),
      tags: columns.tags.map(value))
  }
}
