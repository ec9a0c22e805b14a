import Dispatch
import ShelfDiff

// MARK: - CSV and TSV on several threads

extension RecordReader {
  /// The catalog of the CSV or TSV records, read, mapped and grouped as
  /// `delimited` and `RecordMapper.catalog` do, on `threads` threads: the
  /// bytes after the header are cut at line feeds into pieces, each piece's
  /// records are read into cards and grouped on its own, and the pieces'
  /// rows are joined in order, so rows, cards and their order are the same.
  ///
  /// A cut inside a quoted CSV field shows as a piece whose last record
  /// ends past the next cut: then, or on anything wrong (a bad line, a
  /// field over the limit, invalid UTF-8, a missing group field), nil, and
  /// the caller reads the records one by one, which fails with the exact
  /// error.
  ///
  /// - Complexity: O(*n*) for *n* bytes, about 1/`threads` of it per thread.
  func delimitedCatalog(
    separator: UInt8, quoting: Bool, names given: [String]?, mapper: RecordMapper,
    title: String, threads: Int
  ) -> Catalog? {
    let pieces = max(1, threads * 4)
    // First the bytes' UTF-8, as `records` checks it, so text is made of
    // them unchecked.
    let valid = Locked(true)
    let checkCuts = cuts(from: start, pieces: pieces)
    DispatchQueue.concurrentPerform(iterations: checkCuts.count - 1) { piece in
      WorkerPriority.yieldToInteractive()
      if (try? checkUTF8(in: checkCuts[piece]..<checkCuts[piece + 1])) == nil {
        valid.withLock { $0 = false }
      }
    }
    guard valid.withLock({ $0 }) else { return nil }
    var index = start
    var names = given
    if names == nil {
      var line = 1
      var values: [String] = []
      do throws(CatalogError) {
        while index < bytes.count, names == nil {
          if try readLine(
            at: &index, line: &line, separator: separator, quoting: quoting, into: &values)
          {
            names = values
          }
        }
      } catch {
        return nil
      }
    }
    guard let names, let columns = RecordMapper.Columns(names: names, mapping: mapper.mapping)
    else { return nil }
    let table = FieldNames(names)
    let readCuts = cuts(from: index, pieces: pieces)
    let read = Locked([Int: RecordMapper.Grouping]())
    // Each piece its own: threads do not count references to one object.
    let owner = self.owner.flatMap { $0.count <= Int(UInt32.max) ? $0 : nil }
    DispatchQueue.concurrentPerform(iterations: readCuts.count - 1) { piece in
      WorkerPriority.yieldToInteractive()
      guard
        let grouping = cards(
          in: readCuts[piece]..<readCuts[piece + 1], separator: separator, quoting: quoting,
          names: table,
          lines: owner.map { SharedLines(bytes: $0, names: table, separator: separator) },
          columns: columns, mapper: mapper, title: title)
      else {
        valid.withLock { $0 = false }
        return
      }
      read.withLock { $0[piece] = grouping }
    }
    guard valid.withLock({ $0 }) else { return nil }
    var groupings = read.withLock { read in
      let groupings = read
      read = [:]
      return groupings
    }
    var grouping = RecordMapper.Grouping(title: title)
    for piece in 0..<(readCuts.count - 1) {
      guard let piece = groupings.removeValue(forKey: piece) else { return nil }
      grouping.append(piece)
    }
    return grouping.catalog(sortsRows: mapper.mapping.sortsRows)
  }

  /// `from` and the offsets after the line feeds nearest past each of
  /// `pieces - 1` even cuts, and the end: the bounds of at most `pieces`
  /// pieces of whole lines.
  private func cuts(from: Int, pieces: Int) -> [Int] {
    var cuts = [from]
    for piece in 1..<max(pieces, 1) {
      var cut = max(from + (bytes.count - from) * piece / pieces, cuts.last!)
      while cut < bytes.count, cut > from, bytes[cut - 1] != .newline { cut += 1 }
      if cut > cuts.last!, cut < bytes.count { cuts.append(cut) }
    }
    cuts.append(bytes.count)
    return cuts
  }

  /// The cards of the records in `range`, grouped; nil when a line is
  /// wrong or the last record does not end at the range's end.
  private func cards(
    in range: Range<Int>, separator: UInt8, quoting: Bool, names table: FieldNames,
    lines: SharedLines?, columns: RecordMapper.Columns, mapper: RecordMapper, title: String
  ) -> RecordMapper.Grouping? {
    var grouping = RecordMapper.Grouping(title: title)
    var index = range.lowerBound
    var line = 1
    var values: [String] = []
    values.reserveCapacity(table.count)
    var spans: [Range<Int>] = []
    spans.reserveCapacity(table.count)
    var packer = FieldPacker()
    do throws(CatalogError) {
      while index < range.upperBound {
        // Values are made text only where the card holds them: the fields
        // are packed straight from the line's bytes.
        if let (_, isASCII) = readSpans(
          at: &index, line: &line, separator: separator, quoting: quoting, into: &spans)
        {
          guard spans.count == table.count else { return nil }
          // Closures passed straight to the calls, not kept in a `let`: a
          // kept one was a context allocated, and this reader copied, for
          // every record.
          spans.withUnsafeBufferPointer { spans in
            // The line's values as the bytes hold them: a slice of the
            // shared bytes, else a copy.
            let fields =
              if let lines {
                CardFields(line: spans.first!.lowerBound..<spans.last!.upperBound, of: lines)
              } else {
                FieldPacker.fields(spans, of: bytes, separator: separator, names: table)
              }
            grouping.append(
              mapper.card(fields, columns: columns) { checkedText(spans[$0], isASCII: isASCII) },
              section: columns.sectionBy.map { checkedText(spans[$0], isASCII: isASCII) },
              row: columns.groupBy.map { checkedText(spans[$0], isASCII: isASCII) })
          }
          continue
        }
        guard
          try readLine(
            at: &index, line: &line, separator: separator, quoting: quoting, into: &values)
        else { continue }
        guard values.count == table.count else { return nil }
        grouping.append(
          mapper.card(packer.fields(values, names: table), columns: columns) { values[$0] },
          section: columns.sectionBy.map { values[$0] }, row: columns.groupBy.map { values[$0] })
      }
    } catch {
      return nil
    }
    return index == range.upperBound ? grouping : nil
  }
}
