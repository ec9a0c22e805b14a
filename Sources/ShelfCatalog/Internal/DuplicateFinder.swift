/// Finds repeated ids after decoding: sections and rows across the catalog,
/// cards within their row. Each later occurrence gives one warning naming the
/// first.
enum DuplicateFinder {
  static func addWarnings(
    to loaded: inout LoadedCatalog, source: CatalogSource, hasTopLevelRows: Bool,
    limits: CatalogLimits
  ) {
    var warnings: [CatalogWarning] = []
    var omitted = 0
    func warn(_ kind: CatalogWarning.Kind, _ id: String, _ first: String, _ later: String) {
      if warnings.count < limits.maximumWarnings {
        warnings.append(
          CatalogWarning(kind, source: source, id: id, firstPath: first, duplicatePath: later))
      } else {
        omitted += 1
      }
    }
    func rowPath(_ section: Int, _ row: Int) -> String {
      hasTopLevelRows ? "rows[\(row)]" : "sections[\(section)].rows[\(row)]"
    }

    let sections = loaded.catalog.sections
    if !hasTopLevelRows, sections.count > 1 {
      var seen: [String: Int] = [:]
      for (index, section) in sections.enumerated() {
        if let first = seen[section.id] {
          warn(.duplicateSectionID, section.id, "sections[\(first)]", "sections[\(index)]")
        } else {
          seen[section.id] = index
        }
      }
    }

    var rowsSeen: [String: (Int, Int)] = [:]
    var cardsSeen: Set<String> = []
    for (sectionIndex, section) in sections.enumerated() {
      for (rowIndex, row) in section.rows.enumerated() {
        if let (firstSection, firstRow) = rowsSeen[row.id] {
          warn(
            .duplicateRowID, row.id, rowPath(firstSection, firstRow),
            rowPath(sectionIndex, rowIndex))
        } else {
          rowsSeen[row.id] = (sectionIndex, rowIndex)
        }
        // Most rows are clean: a set answers that; positions are looked up only on a hit.
        cardsSeen.removeAll(keepingCapacity: true)
        for card in row.items { cardsSeen.insert(card.id) }
        if cardsSeen.count != row.items.count {
          warnDuplicateCards(in: row, at: rowPath(sectionIndex, rowIndex), warn: warn)
        }
      }
    }
    loaded.warnings = warnings
    loaded.omittedWarningCount = omitted
  }

  private static func warnDuplicateCards(
    in row: Row, at path: String,
    warn: (CatalogWarning.Kind, String, String, String) -> Void
  ) {
    var first: [String: Int] = [:]
    for (index, card) in row.items.enumerated() {
      if let firstIndex = first[card.id] {
        warn(.duplicateCardID, card.id, "\(path).items[\(firstIndex)]", "\(path).items[\(index)]")
      } else {
        first[card.id] = index
      }
    }
  }
}
