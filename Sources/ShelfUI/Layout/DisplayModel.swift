/// Which thing a line of the table belongs to: a section header or a row.
///
/// Section and row ids live in separate spaces, so the same text may name both.
enum EntryID: Hashable, Sendable {
  case section(String)
  case row(String)
}

/// The content as the table lays it out: section headers and rows flattened
/// into one top-to-bottom list of entries, each with its first content line.
///
/// Built once per content change (O(rows)); every per-frame question (which
/// entries cover these lines, where is row `i`) is answered in O(log rows), so a
/// frame costs the same for ten rows or a million.
struct DisplayModel: Sendable {
  /// One section header or row.
  struct Entry: Hashable, Sendable {
    /// What it is.
    var id: EntryID
    /// The section it belongs to, an index into `content.sections`.
    var section: Int
    /// For a row, its index among all rows; nil for a section header.
    var row: Int?
    /// The first content line (0 is the top of the table).
    var y: Int
    /// Lines taken.
    var height: Int

    /// One past the last line.
    var maxY: Int { y + height }
  }

  /// What is shown.
  let content: ShelfContent
  /// The content's sections: its runs of rows of the same section, each
  /// drawn under one header (a titled section's).
  let sections: [ShelfSection]
  /// Every row, top to bottom across sections.
  let rows: [CarouselRow]
  /// Headers and rows, top to bottom.
  let entries: [Entry]
  /// For each row (by index in `rows`), its index in `entries`.
  let entryOfRow: [Int]
  /// Row index by row id (the first occurrence, if ids repeat).
  let rowIndexByID: [String: Int]
  /// Entry index by entry id.
  let entryIndexByID: [EntryID: Int]
  /// Lines of the whole table.
  let totalHeight: Int
  /// How its cards are shaped (an `auto` width measured, once there are cards).
  let cardStyle: CardStyle
  /// Lines of each card's cover area (0: no covers).
  let coverLines: Int
  /// Lines of each row: its title line and its cards.
  var rowHeight: Int { cardStyle.rowHeight + coverLines }
  /// Rows of content.
  var contentRowCount: Int { rows.count }

  /// The model of `content`, its headers derived from its rows, its cards
  /// shaped as `cardStyle` says and `coverLines` taller for their covers.
  ///
  /// - Complexity: O(rows).
  init(_ content: ShelfContent, cardStyle: CardStyle = .standard, coverLines: Int = 0) {
    self.content = content
    self.cardStyle = cardStyle
    self.coverLines = coverLines
    sections = content.sections
    let rowHeight = cardStyle.rowHeight + coverLines
    var rows: [CarouselRow] = []
    var entries: [Entry] = []
    var entryOfRow: [Int] = []
    var rowIndexByID: [String: Int] = [:]
    var entryIndexByID: [EntryID: Int] = [:]
    var y = 0
    for (sectionIndex, section) in sections.enumerated() {
      if section.title != nil {
        let id = EntryID.section(section.id)
        if entryIndexByID[id] == nil { entryIndexByID[id] = entries.count }
        entries.append(
          Entry(id: id, section: sectionIndex, row: nil, y: y, height: Metrics.sectionHeaderHeight))
        y += Metrics.sectionHeaderHeight
      }
      for row in section.rows {
        let id = EntryID.row(row.id)
        if entryIndexByID[id] == nil { entryIndexByID[id] = entries.count }
        if rowIndexByID[row.id] == nil { rowIndexByID[row.id] = rows.count }
        entryOfRow.append(entries.count)
        entries.append(
          Entry(id: id, section: sectionIndex, row: rows.count, y: y, height: rowHeight))
        rows.append(row)
        y += rowHeight
      }
    }
    self.rows = rows
    self.entries = entries
    self.entryOfRow = entryOfRow
    self.rowIndexByID = rowIndexByID
    self.entryIndexByID = entryIndexByID
    totalHeight = y
  }

  /// How the cards of a strip lay out at screen width `width`.
  func strip(forScreenWidth width: Int) -> StripMetrics {
    Metrics.strip(forScreenWidth: width, style: cardStyle)
  }

  /// The entry of row `index`.
  func entry(ofRow index: Int) -> Entry { entries[entryOfRow[index]] }

  /// The index of the first entry that reaches below content line `line`.
  ///
  /// - Complexity: O(log entries).
  func firstEntry(reachingBelow line: Int) -> Int {
    var low = 0
    var high = entries.count
    while low < high {
      let mid = (low + high) / 2
      if entries[mid].maxY <= line { low = mid + 1 } else { high = mid }
    }
    return low
  }

  /// The indices of the entries that cover any of `lines`.
  func entries(covering lines: Range<Int>) -> Range<Int> {
    let first = firstEntry(reachingBelow: lines.lowerBound)
    var last = first
    while last < entries.count && entries[last].y < lines.upperBound { last += 1 }
    return first..<last
  }

  /// The section title over entry `index`, or nil if it is not a header.
  func title(ofEntry index: Int) -> String? {
    let entry = entries[index]
    guard entry.row == nil else { return nil }
    return sections[entry.section].title
  }
}
