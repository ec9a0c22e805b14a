import ShelfDiff

extension RecordMapper {
  /// The fields the mapping's options name (`--title {nmae}`, `--year
  /// yaer`), each with its option, in the options' order.
  var namedFields: [(option: String, name: String)] {
    var named: [(option: String, name: String)] = []
    let templates = [
      ("--title", mapping.title), ("--subtitle", mapping.subtitle), ("--id", mapping.id),
      ("--url", mapping.url), ("--image", mapping.image),
    ]
    for (option, template) in templates {
      for name in template?.fieldNames ?? [] { named.append((option, name)) }
    }
    for (option, name) in [
      ("--year", mapping.year), ("--rating", mapping.rating), ("--tags", mapping.tags),
    ] {
      if let name { named.append((option, name)) }
    }
    return named
  }

  /// A warning naming each field an option names that no card of
  /// `catalog` has, with the fields that exist; nil when every one is
  /// somewhere (or there are no cards). A template's missing field is
  /// blank, as fzf leaves it, so the shelf still shows: the warning says
  /// why titles are empty. A stream line's record is one of many, and
  /// may lack a field others have: it is not checked.
  ///
  /// - Complexity: O(1) when the first card has every field named (a
  ///   table's records share one list of names); else O(the fields of
  ///   every card).
  func unknownFieldWarning(in catalog: Catalog, source: CatalogSource) -> CatalogWarning? {
    if case .streamLine = source { return nil }
    let named = namedFields
    guard !named.isEmpty else { return nil }
    var unseen = Set(named.map(\.name))
    var known: [String] = []
    var isKnown = Set<String>()
    var last: [String] = []
    for row in catalog.rows {
      for card in row.items {
        let names = card.fields.names
        // Records of a table share their names: equal at once.
        if names == last { continue }
        last = names
        for name in names {
          unseen.remove(name)
          if isKnown.insert(name).inserted { known.append(name) }
        }
        if unseen.isEmpty { return nil }
      }
    }
    guard !known.isEmpty else { return nil }
    return warning(unseen: unseen, known: known, source: source)
  }

  /// A warning naming each field an option names that is not among
  /// `fields` (a query's columns: known even when no row came back), with
  /// those fields; nil when every one is there, or there are no fields.
  func unknownFieldWarning(fields: [String], source: CatalogSource) -> CatalogWarning? {
    guard !fields.isEmpty else { return nil }
    let unseen = Set(namedFields.map(\.name)).subtracting(fields)
    guard !unseen.isEmpty else { return nil }
    return warning(unseen: unseen, known: fields, source: source)
  }

  private func warning(unseen: Set<String>, known: [String], source: CatalogSource)
    -> CatalogWarning
  {
    let unknown = namedFields.filter { unseen.contains($0.name) }.map {
      "{\($0.name)} in \($0.option)"
    }
    return CatalogWarning(unknownFields: unknown, knownFields: known, source: source)
  }
}
