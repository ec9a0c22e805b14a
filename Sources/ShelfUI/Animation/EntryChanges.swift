import ShelfDiff

/// What a batch does to each entry of the table (section header or row), by
/// old and by new position, and which old entry becomes which new one.
///
/// Built from the batch's `SectionDelta` (section inserts, deletes and moves;
/// row inserts, deletes and moves, also between sections), or, when that does
/// not describe the two models consistently, from an `IndexDelta` over the
/// flattened entries.
struct EntryChanges: Sendable {
  /// For each old entry, what happens to it.
  let oldKinds: [ChangeKind]
  /// For each new entry, what happens to it.
  let newKinds: [ChangeKind]
  /// For each old entry, its new index, or -1 if deleted.
  let newOfOld: [Int]
  /// For each new entry, its old index, or -1 if inserted.
  let oldOfNew: [Int]
  /// Whether the batch's `SectionDelta` described the change (rather than a
  /// delta over the flattened entries).
  let isFromSectionDelta: Bool

  /// What happens to old entry `index`.
  func kind(old index: Int) -> ChangeKind { oldKinds[index] }

  /// What happens to new entry `index`.
  func kind(new index: Int) -> ChangeKind { newKinds[index] }

  /// The changes between `old` and `new` as `delta` describes them, or those of
  /// a delta over the flattened entries if it does not fit the two models.
  ///
  /// - Complexity: O(entries) (plus the flattened delta if needed).
  init(from old: DisplayModel, to new: DisplayModel, delta: SectionDelta?) {
    if let delta, let changes = EntryChanges(delta, from: old, to: new) {
      self = changes
    } else {
      self.init(flattening: old, to: new)
    }
  }

  /// The changes of an `IndexDelta` over the two lists of entry ids.
  init(flattening old: DisplayModel, to new: DisplayModel) {
    let oldIDs = old.entries.map(\.id)
    let newIDs = new.entries.map(\.id)
    let delta = IndexDelta(from: oldIDs, to: newIDs, id: \.self)
    let kinds = DeltaKinds(delta)
    guard let mapping = delta.indexMapping(oldCount: oldIDs.count, newCount: newIDs.count) else {
      preconditionFailure("a computed delta does not fit its own arrays")
    }
    oldKinds = oldIDs.indices.map { kinds.kind(old: $0) }
    newKinds = newIDs.indices.map { kinds.kind(new: $0) }
    newOfOld = mapping.newOfOld
    oldOfNew = mapping.oldOfNew
    isFromSectionDelta = false
  }

  /// The changes `delta` describes, or nil if it does not fit the two models.
  private init?(_ delta: SectionDelta, from old: DisplayModel, to new: DisplayModel) {
    let oldSections = old.sections
    let newSections = new.sections
    guard
      let sectionMap = delta.sections.indexMapping(
        oldCount: oldSections.count, newCount: newSections.count)
    else { return nil }
    let sectionKinds = DeltaKinds(delta.sections)
    let deleted = Set(delta.items.deletions)
    let inserted = Set(delta.items.insertions)
    let movedFrom = Set(delta.items.moves.map(\.from))
    let movedTo = Set(delta.items.moves.map(\.to))

    let oldIndex = EntryIndex(old)
    let newIndex = EntryIndex(new)
    var oldKinds = [ChangeKind](repeating: .stable, count: old.entries.count)
    var newKinds = [ChangeKind](repeating: .stable, count: new.entries.count)
    var newOfOld = [Int](repeating: -1, count: old.entries.count)
    var oldOfNew = [Int](repeating: -1, count: new.entries.count)

    func link(_ oldEntry: Int, _ newEntry: Int) {
      newOfOld[oldEntry] = newEntry
      oldOfNew[newEntry] = oldEntry
    }

    // Rows that move, as the delta says.
    for move in delta.items.moves {
      guard let from = oldIndex.entry(ofRow: move.from), let to = newIndex.entry(ofRow: move.to)
      else { return nil }
      link(from, to)
      oldKinds[from] = .moved
      newKinds[to] = .moved
    }
    // Sections: their headers, and their rows that stay put within them.
    for section in oldSections.indices {
      let target = sectionMap.newOfOld[section]
      let sectionKind = sectionKinds.kind(old: section)
      if let header = oldIndex.header[section] {
        if target >= 0, let newHeader = newIndex.header[target] {
          link(header, newHeader)
          oldKinds[header] = sectionKind
          newKinds[newHeader] = sectionKind
        } else {
          oldKinds[header] = .deleted
        }
      }
      let staying = oldSections[section].rows.indices.filter {
        let path = ItemPath(section: section, item: $0)
        return !deleted.contains(path) && !movedFrom.contains(path)
      }
      guard target >= 0 else {
        for row in staying { oldKinds[oldIndex.rowEntry(section: section, row: row)] = .deleted }
        for path in deleted where path.section == section {
          oldKinds[oldIndex.rowEntry(section: section, row: path.item)] = .deleted
        }
        continue
      }
      let arriving = newSections[target].rows.indices.filter {
        let path = ItemPath(section: target, item: $0)
        return !inserted.contains(path) && !movedTo.contains(path)
      }
      guard staying.count == arriving.count else { return nil }
      for (from, to) in zip(staying, arriving) {
        let oldEntry = oldIndex.rowEntry(section: section, row: from)
        let newEntry = newIndex.rowEntry(section: target, row: to)
        guard old.entries[oldEntry].id == new.entries[newEntry].id else { return nil }
        link(oldEntry, newEntry)
        // A row travels with its section.
        oldKinds[oldEntry] = sectionKind == .moved ? .moved : .stable
        newKinds[newEntry] = sectionKind == .moved ? .moved : .stable
      }
    }
    for path in delta.items.deletions {
      guard let entry = oldIndex.entry(ofRow: path) else { return nil }
      oldKinds[entry] = .deleted
    }
    // A row deleted with its section and inserted with another one is the
    // same row moving: it slides, it does not collapse and grow again.
    for entry in newKinds.indices where oldOfNew[entry] < 0 {
      guard case .row = new.entries[entry].id,
        let from = old.entryIndexByID[new.entries[entry].id], newOfOld[from] < 0
      else { continue }
      link(from, entry)
      oldKinds[from] = .moved
      newKinds[entry] = .moved
    }
    // Whatever new has that nothing links to is inserted: inserted rows, the
    // rows and header of inserted sections, a header that gained a title.
    for entry in newKinds.indices where oldOfNew[entry] < 0 { newKinds[entry] = .inserted }
    for entry in oldKinds.indices where newOfOld[entry] < 0 { oldKinds[entry] = .deleted }
    self.oldKinds = oldKinds
    self.newKinds = newKinds
    self.newOfOld = newOfOld
    self.oldOfNew = oldOfNew
    isFromSectionDelta = true
  }
}

/// Where each section's header and rows are among a model's entries.
private struct EntryIndex {
  /// The header entry of each section, if it has a title.
  var header: [Int?]
  /// The index among all rows of each section's first row.
  var firstRow: [Int]
  let model: DisplayModel

  init(_ model: DisplayModel) {
    self.model = model
    header = Array(repeating: nil, count: model.sections.count)
    firstRow = []
    var row = 0
    for section in model.sections {
      firstRow.append(row)
      row += section.rows.count
    }
    for (index, entry) in model.entries.enumerated() where entry.row == nil {
      header[entry.section] = index
    }
  }

  /// The entry of row `row` of section `section`.
  func rowEntry(section: Int, row: Int) -> Int {
    model.entryOfRow[firstRow[section] + row]
  }

  /// The entry at `path`, if the path names a row.
  func entry(ofRow path: ItemPath) -> Int? {
    guard model.sections.indices.contains(path.section),
      model.sections[path.section].rows.indices.contains(path.item)
    else { return nil }
    return rowEntry(section: path.section, row: path.item)
  }
}
