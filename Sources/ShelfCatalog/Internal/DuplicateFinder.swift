import Dispatch
import ShelfDiff

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
        // Most rows are clean: a set of the ids' fingerprints answers that (a
        // repeated fingerprint may be a collision); positions are looked up
        // only on a hit.
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
  /// - Complexity: O(*n*) expected for *n* cards, divided among the threads.
  static func rowsThatMayRepeatIDs(in sections: [Section], threads: Int) -> [Bool] {
    let rows = sections.flatMap { section in section.rows.indices.map { (section, $0) } }
    guard threads > 1, rows.count > 1 else {
      var table = FingerprintTable()
      return rows.map { section, row in mayRepeatIDs(section.rows[row].items, table: &table) }
    }
    return [Bool](unsafeUninitializedCapacity: rows.count) { flags, count in
      let slots = SharedFlags(flags: flags)
      let runs = min(rows.count, threads * 4)
      DispatchQueue.concurrentPerform(iterations: runs) { run in
        WorkerPriority.yieldToInteractive()
        var table = FingerprintTable()
        for k in (rows.count * run / runs)..<(rows.count * (run + 1) / runs) {
          let (section, row) = rows[k]
          slots.flags.initializeElement(
            at: k, to: mayRepeatIDs(section.rows[row].items, table: &table))
        }
      }
      count = rows.count
    }
  }

  /// Whether two of `cards` may share an id: false only when they cannot.
  /// A 64-bit fingerprint of each id's bytes goes into a small open-addressed
  /// table, reused from row to row; two equal fingerprints (the same id, or a
  /// rare collision) say "maybe", and the caller looks at the ids themselves.
  /// Sorting the fingerprints instead cost more than the rest of the check,
  /// and a `Set` of the ids more again (SipHash, a table grown as it fills).
  ///
  /// - Complexity: O(*n*) expected for *n* cards.
  static func mayRepeatIDs(_ cards: [Card], table: inout FingerprintTable) -> Bool {
    guard cards.count > 1 else { return false }
    table.clear(forCount: cards.count)
    // By index: `for card in cards` copies each card (a retain of every
    // field) to read its id.
    for index in cards.indices where !table.insert(idHash(cards[index].id)) { return true }
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

/// A set of 64-bit fingerprints, open-addressed with linear probing, at most
/// half full; 0 marks an empty slot (a fingerprint of 0 is stored as 1, which
/// can only add a false "maybe").
struct FingerprintTable {
  private var slots: [UInt64] = []

  /// Empties the table and makes room for `count` fingerprints.
  mutating func clear(forCount count: Int) {
    var capacity = 16
    while capacity < count * 2 { capacity *= 2 }
    if slots.count == capacity {
      slots.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
    } else {
      slots = Array(repeating: 0, count: capacity)
    }
  }

  /// Adds `fingerprint`; false if it was there already.
  mutating func insert(_ fingerprint: UInt64) -> Bool {
    let value = fingerprint == 0 ? 1 : fingerprint
    return slots.withUnsafeMutableBufferPointer { slots in
      let mask = slots.count - 1
      // The high bits pick the slot: the hash's last mixing step spreads them best.
      var slot = Int(truncatingIfNeeded: value >> 32) & mask
      while true {
        let held = slots[slot]
        if held == 0 {
          slots[slot] = value
          return true
        }
        if held == value { return false }
        slot = (slot &+ 1) & mask
      }
    }
  }
}

/// The result slots, shared by the checking threads: each writes only its own rows'.
private struct SharedFlags: @unchecked Sendable {
  let flags: UnsafeMutableBufferPointer<Bool>
}
