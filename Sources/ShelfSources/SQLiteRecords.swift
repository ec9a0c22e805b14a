import ShelfCatalog

/// How a query's rows become a catalog: each row a record whose fields are
/// its columns (a NULL leaves its field out), mapped as records are
/// (`--group-by`, `--title` and the rest; by default every card in one row).
enum SQLiteRecords {
  /// The catalog of `result`, titled `title`.
  static func catalog(
    of result: SQLiteDatabase.Result, title: String, mapping: RecordMapping,
    source: CatalogSource, limits: CatalogLimits
  ) throws(CatalogError) -> Catalog {
    let columns = result.columns
    let records = result.rows.map { values in
      zip(columns, values).compactMap { name, value in
        value.map { CardField(name: name, value: $0) }
      }
    }
    return try CatalogLoader.catalog(
      ofRecords: records, title: title, source: source, mapping: mapping, limits: limits)
  }

  /// A database's title: its file name.
  static func title(ofDatabaseAt path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
  }
}
