import ShelfCatalog

/// How a query's rows become a catalog, until records have a mapping of
/// their own: one function, `catalog(of:title:)`, to replace.
enum SQLiteRecords {
  /// Every result row is a card: its id the column `id` if there is one,
  /// else its row number (a repeated id is told apart by its occurrence);
  /// its title the column `title`, else `name`, else the first column; its
  /// subtitle the first column that is neither of those (the second, when
  /// the first is the title). All of them in one row titled `title`.
  static func catalog(of result: SQLiteDatabase.Result, title: String) -> Catalog {
    let columns = result.columns
    let idColumn = columns.firstIndex(of: "id")
    let titleColumn = columns.firstIndex(of: "title") ?? columns.firstIndex(of: "name") ?? 0
    let subtitleColumn = columns.indices.first { $0 != idColumn && $0 != titleColumn }
    var seen: [String: Int] = [:]
    let cards = result.rows.enumerated().map { number, values in
      var id = idColumn.flatMap { values[$0] } ?? String(number + 1)
      let occurrence = seen[id, default: 0] + 1
      seen[id] = occurrence
      if occurrence > 1 { id += "#\(occurrence)" }
      let subtitle = subtitleColumn.flatMap { values[$0] }
      return Card(
        id: id, title: values.isEmpty ? "" : values[titleColumn] ?? "", subtitle: subtitle)
    }
    return Catalog(
      title: title,
      sections: [Section(id: "query", rows: [Row(id: "query", title: title, items: cards)])])
  }

  /// A database's title: its file name.
  static func title(ofDatabaseAt path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
  }
}
