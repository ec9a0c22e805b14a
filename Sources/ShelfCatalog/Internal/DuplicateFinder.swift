import Dispatch

/// Finds repeated ids after decoding: sections and rows across the catalog,
/// cards within their row. Each repeated id gives one warning naming its first
/// two occurrences and counting them all.
enum DuplicateFinder {
  /// Adds the warnings; the rows' cards are checked on up to `threads`
  /// threads (a million cards take a while on one).
  static func addWarnings(
    to loaded: inout LoadedCatalog, source: CatalogSource, hasTopLevelRows: Bool,
    limits: CatalogLimits, threads: Int = 1
  ) {
    var warnings: [CatalogWarning] = []
    // Each repeated id's warning (its index), by kind, id and the first
    // occurrence's path (which tells a row's repeated card ids from another's).
    var warningIndex: [WarningKey: Int] = [:]
    var omitted: Set<WarningKey> = []
    func warn(_ kind: CatalogWarning.Kind, _ id: String, _ first: String, _ later: String) {
      let key = WarningKey(kind: kind, id: id, firstPath: first)
      if let index = warningIndex[key] {
        warnings[index].occurrences += 1
      } else if warnings.count < limits.maximumWarnings {
        warningIndex[key] = warnings.count
        warnings.append(
          CatalogWarning(kind, source: source, id: id, firstPath: first, duplicatePath: later))
      } else {
        omitted.insert(key)
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
    let suspects = rowsThatMayRepeatIDs(in: sections, threads: threads)
    var rowNumber = 0
    for (sectionIndex, section) in sections.enumerated() {
      for (rowIndex, row) in section.rows.enumerated() {
        if let (firstSection, firstRow) = rowsSeen[row.id] {
          warn(
            .duplicateRowID, row.id, rowPath(firstSection, firstRow),
            rowPath(sectionIndex, rowIndex))
        } else {
          rowsSeen[row.id] = (sectionIndex, rowIndex)
        }
        // Most rows are clean: sorted hashes of the ids answer that (a repeated
        // hash may be a collision); positions are looked up only on a hit.
        if suspects[rowNumber] {
          warnDuplicateCards(in: row, at: rowPath(sectionIndex, rowIndex), warn: warn)
        }
        rowNumber += 1
      }
    }
    loaded.warnings = warnings
    loaded.omittedWarningCount = omitted.count
  }

  /// What makes two occurrences one repeated id.
  private struct WarningKey: Hashable {
    var kind: CatalogWarning.Kind
    var id: String
    var firstPath: String
  }

  /// For each row, top to bottom across `sections`, whether two of its cards
  /// may share an id (`mayRepeatIDs`), the rows checked in runs on up to
  /// `threads` threads.
  ///
  /// - Complexity: O(*n* log *n*) for *n* cards, divided among the threads.
  static func rowsThatMayRepeatIDs(in sections: [Section], threads: Int) -> [Bool] {
    let rows = sections.flatMap { section in section.rows.indices.map { (section, $0) } }
    guard threads > 1, rows.count > 1 else {
      var hashes: [UInt64] = []
      return rows.map { section, row in mayRepeatIDs(section.rows[row].items, hashes: &hashes) }
    }
    return [Bool](unsafeUninitializedCapacity: rows.count) { flags, count in
      let slots = SharedFlags(flags: flags)
      let runs = min(rows.count, threads * 4)
      DispatchQueue.concurrentPerform(iterations: runs) { run in
        var hashes: [UInt64] = []
        for k in (rows.count * run / runs)..<(rows.count * (run + 1) / runs) {
          let (section, row) = rows[k]
          slots.flags.initializeElement(
            at: k, to: mayRepeatIDs(section.rows[row].items, hashes: &hashes))
        }
      }
      count = rows.count
    }
  }

  /// Whether two of `cards` may share an id: false only when they cannot.
  /// A hash of each id's bytes, sorted, costs a fraction of inserting the
  /// ids into a `Set` (SipHash, a table grown as it fills), for a million cards.
  ///
  /// - Complexity: O(*n* log *n*) for *n* cards.
  static func mayRepeatIDs(_ cards: [Card], hashes: inout [UInt64]) -> Bool {
    guard cards.count > 1 else { return false }
    hashes.removeAll(keepingCapacity: true)
    for card in cards { hashes.append(idHash(card.id)) }
    hashes.sort()
    for k in 1..<hashes.count where hashes[k] == hashes[k - 1] { return true }
    return false
  }

  /// A 64-bit hash of an id's UTF-8 bytes, eight at a time.
  private static func idHash(_ id: String) -> UInt64 {
    var id = id
    return id.withUTF8 { bytes in
      var hash = UInt64(bytes.count) &* 0x9E37_79B9_7F4A_7C15
      var offset = 0
      while offset + 8 <= bytes.count {
        let word = UnsafeRawBufferPointer(bytes).loadUnaligned(
          fromByteOffset: offset, as: UInt64.self)
        hash = (hash ^ word) &* 0xBF58_476D_1CE4_E5B9
        hash ^= hash >> 31
        offset += 8
      }
      var tail: UInt64 = 0
      while offset < bytes.count {
        tail = tail << 8 | UInt64(bytes[offset])
        offset += 1
      }
      hash = (hash ^ tail) &* 0x94D0_49BB_1331_11EB
      return hash ^ (hash >> 29)
    }
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

/// The result slots, shared by the checking threads: each writes only its own rows'.
private struct SharedFlags: @unchecked Sendable {
  let flags: UnsafeMutableBufferPointer<Bool>
}
