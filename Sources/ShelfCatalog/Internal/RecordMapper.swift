import Foundation

/// Makes cards of records and groups them into rows and sections, as a
/// `RecordMapping` says.
struct RecordMapper {
  let mapping: RecordMapping
  let limits: CatalogLimits

  // MARK: - Cards

  /// The card of `record`: every field kept, the rest from the templates.
  /// The default title is the field `title`, else `name`, else the first
  /// field that does not group the records (which the row already shows).
  /// A field named as a card's own part (`subtitle`, `year`, `rating`,
  /// `tags`, `url`, `image`) is that part unless an option says otherwise:
  /// records exported from a catalog show as its cards did.
  func card(_ record: Record) -> Card {
    let fields = record.fields
    let value: (String) -> String? = { fields.value(named: $0) }
    let title =
      mapping.title.map { $0.text(value: value) }
      ?? value("title") ?? value("name")
      ?? (fields.first { $0.name != mapping.groupBy && $0.name != mapping.sectionBy }
      ?? fields.first)?.value ?? ""
    return card(
      fields: fields, id: mapping.id.map { $0.text(value: value) } ?? value("id"), title: title,
      subtitle: mapping.subtitle.map { $0.text(value: value) } ?? value("subtitle"),
      url: mapping.url.map { $0.text(value: value) } ?? value("url"),
      image: mapping.image.map { $0.text(value: value) } ?? value("image"),
      year: value(mapping.year ?? "year"), rating: value(mapping.rating ?? "rating"),
      tags: value(mapping.tags ?? "tags"))
  }

  /// The card of `fields` with the templates' texts and the typed fields'
  /// values given; a nil `id` is the record's whole content.
  @inline(__always)
  func card(
    fields: CardFields, id: String?, title: String, subtitle: String?, url: String?,
    image: String?, year: String?, rating: String?, tags: String?
  ) -> Card {
    let year = year.flatMap { text in
      Int(Self.trimmedBlanks(text)).flatMap { limits.years.contains($0) ? $0 : nil }
    }
    let rating = rating.flatMap { text in
      Double(Self.trimmedBlanks(text)).flatMap { limits.ratings.contains($0) ? $0 : nil }
    }
    let tags = tags.map(Self.tags) ?? []
    return Card(
      id: id ?? Self.content(of: fields), title: title,
      subtitle: subtitle.flatMap { $0.isEmpty ? nil : $0 }, year: year, rating: rating,
      tags: tags, url: url.flatMap { $0.isEmpty ? nil : $0 },
      image: image.flatMap { $0.isEmpty ? nil : $0 }, fields: fields)
  }

  /// The tags of a `--tags` field: its text cut at commas, each trimmed,
  /// the empty ones left out. One tag with nothing to trim is the text
  /// itself (cutting and trimming by characters cost a sixth of a
  /// million-record load).
  static func tags(_ text: String) -> [String] {
    let utf8 = text.utf8
    if let first = utf8.first, let last = utf8.last, first != .space, first != .tab,
      last != .space, last != .tab, !utf8.contains(.comma)
    {
      return [text]
    }
    return text.split(separator: ",").map { String(Self.trimmed($0)) }.filter { !$0.isEmpty }
  }

  /// `text` without the spaces and tabs around it, as `trimmed` gives it,
  /// found by its bytes: for a number, whose text is ASCII or no number
  /// either way (the characters' boundaries cost a sixth of a
  /// million-record load).
  static func trimmedBlanks(_ text: String) -> Substring {
    let utf8 = text.utf8
    let isBlank: (UInt8) -> Bool = { $0 == .space || $0 == .tab }
    guard let first = utf8.firstIndex(where: { !isBlank($0) }),
      let last = utf8.lastIndex(where: { !isBlank($0) })
    else { return text[text.endIndex...] }
    return text[first..<utf8.index(after: last)]
  }

  /// `text` without the spaces and tabs around it. (Foundation's
  /// `trimmingCharacters` bridges to NSString: a third of a million-record
  /// load went there.)
  static func trimmed<Text: StringProtocol>(_ text: Text) -> Text.SubSequence {
    let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let first = text.firstIndex(where: { !isBlank($0) }),
      let last = text.lastIndex(where: { !isBlank($0) })
    else { return text[text.endIndex...] }
    return text[first...last]
  }

  /// A record's whole content as one id: its values joined by tabs.
  static func content(of fields: CardFields) -> String {
    if fields.count == 1 { return fields[0].value }
    return fields.map(\.value).joined(separator: "\t")
  }

  // MARK: - Grouping

  /// Checks that a field the mapping groups by is in some record; a field
  /// in none is the command line's mistake, named with those that exist.
  func checkGroupFields(in records: [Record], source: CatalogSource) throws(CatalogError) {
    // A stream line's record is one of many (a journal entry with no unit,
    // say): its lacking the field is its own problem, named by `groupValue`.
    if case .streamLine = source { return }
    for (option, name) in [("--group-by", mapping.groupBy), ("--section-by", mapping.sectionBy)] {
      guard let name, !records.isEmpty else { continue }
      if records.contains(where: { $0.value(name) != nil }) { continue }
      var seen = Set<String>()
      var names: [String] = []
      for record in records.prefix(1000) {
        for field in record.fields where seen.insert(field.name).inserted {
          names.append(field.name)
        }
      }
      let listed = names.prefix(20).map { MessageText.quoted($0) }.joined(separator: ", ")
      throw CatalogError(
        .unknownField, source: source,
        problem:
          "\(option) \(MessageText.quoted(name)): no record has that field (fields: \(listed)\(names.count > 20 ? ", …" : ""))"
      )
    }
  }

  /// The value `record` groups by for `name`; a record without it fails,
  /// naming its line.
  func groupValue(_ name: String, of record: Record, source: CatalogSource) throws(CatalogError)
    -> String
  {
    guard let value = record.value(name) else {
      throw CatalogError(
        .invalidCatalog, source: source, line: record.line,
        problem: "the record has no field \(MessageText.quoted(name)) to group by")
    }
    return value
  }

  /// `records` as a catalog titled `title`: a section per distinct
  /// `sectionBy` value and a row per distinct `groupBy` value in each, in
  /// order of first appearance (or sorted by name); without `groupBy`, a
  /// section's records are one row.
  func catalog(_ records: [Record], title: String, source: CatalogSource) throws(CatalogError)
    -> Catalog
  {
    try checkGroupFields(in: records, source: source)
    var grouping = Grouping(title: title)
    for record in records {
      let sectionValue = try mapping.sectionBy.map { name throws(CatalogError) in
        try groupValue(name, of: record, source: source)
      }
      let rowValue = try mapping.groupBy.map { name throws(CatalogError) in
        try groupValue(name, of: record, source: source)
      }
      grouping.append(card(record), section: sectionValue, row: rowValue)
    }
    return grouping.catalog(sortsRows: mapping.sortsRows)
  }

  /// Sections and rows as cards come with their group values: each new
  /// value makes a section or a row, in order of first appearance.
  struct Grouping {
    let title: String
    private(set) var sections: [Section] = []
    private var sectionIndex: [String: Int] = [:]
    private var rowIndex: [String: (section: Int, row: Int)] = [:]
    /// The last card's group values and row.
    private var last: (section: String?, row: String?, place: (section: Int, row: Int))?
    /// Each row's group values and place, in the order the rows were made.
    private(set) var order: [(section: String?, row: String?, place: (section: Int, row: Int))] =
      []

    init(title: String) {
      self.title = title
    }

    /// Adds `card` to the row of `sectionValue` and `rowValue`.
    @inline(__always)
    mutating func append(_ card: Card, section sectionValue: String?, row rowValue: String?) {
      let place = self.place(section: sectionValue, row: rowValue)
      sections[place.section].rows[place.row].items.append(card)
    }

    /// Adds `cards` to the row of `sectionValue` and `rowValue`: a new
    /// row takes the array itself.
    mutating func append(
      contentsOf cards: [Card], section sectionValue: String?, row rowValue: String?
    ) {
      let place = self.place(section: sectionValue, row: rowValue)
      if sections[place.section].rows[place.row].items.isEmpty {
        sections[place.section].rows[place.row].items = cards
      } else {
        sections[place.section].rows[place.row].items.append(contentsOf: cards)
      }
    }

    /// The rows of `other`, made after these, added in the order they
    /// were made there.
    mutating func append(_ other: Grouping) {
      for (sectionValue, rowValue, place) in other.order {
        append(
          contentsOf: other.sections[place.section].rows[place.row].items, section: sectionValue,
          row: rowValue)
      }
    }

    private mutating func place(section sectionValue: String?, row rowValue: String?) -> (
      section: Int, row: Int
    ) {
      // Records of one row mostly come together: the last one's row is tried first.
      if let last, last.section == sectionValue, last.row == rowValue { return last.place }
      let sectionKey = sectionValue ?? ""
      let section: Int
      if let found = sectionIndex[sectionKey] {
        section = found
      } else {
        section = sections.count
        sectionIndex[sectionKey] = section
        sections.append(Section(id: sectionKey, title: sectionValue, rows: []))
      }
      let rowTitle = rowValue ?? sectionValue ?? title
      let rowKey = sectionValue.map { $0 + "\u{1F}" + rowTitle } ?? rowTitle
      if let found = rowIndex[rowKey] {
        last = (sectionValue, rowValue, found)
        return found
      }
      let place = (section, sections[section].rows.count)
      rowIndex[rowKey] = place
      let id = rowValue == nil && sectionValue == nil ? "records" : rowKey
      sections[section].rows.append(Row(id: id, title: rowTitle, items: []))
      order.append((sectionValue, rowValue, place))
      last = (sectionValue, rowValue, place)
      return place
    }

    /// The catalog of the rows made, sorted by name with `sortsRows`.
    func catalog(sortsRows: Bool) -> Catalog {
      var sections = sections
      if sortsRows {
        sections.sort { RecordMapper.precedes($0.id, $1.id) }
        for index in sections.indices {
          sections[index].rows.sort { RecordMapper.precedes($0.title, $1.title) }
        }
      }
      if sections.isEmpty { sections = [Section(id: "", rows: [])] }
      return Catalog(title: title, sections: sections)
    }
  }

  /// Names in the order people sort them: numbers by value (`2` before `10`).
  static func precedes(_ a: String, _ b: String) -> Bool {
    a.compare(b, options: [.numeric, .caseInsensitive]) == .orderedAscending
  }
}
