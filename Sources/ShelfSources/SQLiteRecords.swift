import ShelfCatalog

/// How a query's rows become a catalog: each row a record whose fields are
/// its columns (a NULL leaves its field out), mapped as records are
/// (`--group-by`, `--title` and the rest; by default every card in one row).
enum SQLiteRecords {
  /// The catalog of `result`, titled `title`, with a warning when an
  /// option names a field that is none of the query's columns (said
  /// even when no row came back, naming the columns there are).
  static func catalog(
    of result: SQLiteDatabase.Result, title: String, mapping: RecordMapping,
    source: CatalogSource, limits: CatalogLimits
  ) throws(CatalogError) -> LoadedCatalog {
    let columns = result.columns
    let records = result.rows.map { values in
      zip(columns, values).compactMap { name, value in
        value.map { CardField(name: name, value: $0) }
      }
    }
    var loaded = LoadedCatalog(
      catalog: try CatalogLoader.catalog(
        ofRecords: records, title: title, source: source, mapping: mapping, limits: limits))
    if let warning = CatalogLoader.unknownFieldWarning(
      mapping: mapping, fields: columns, source: source)
    {
      loaded.warnings.append(warning)
    }
    return loaded
  }

  /// A database's title: its file name.
  static func title(ofDatabaseAt path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
  }
}
