import ShelfDiff

// CSV (RFC 4180 quoting) and TSV: a header line names the fields unless
// `--fields` does; every line must have as many fields as there are names.
extension RecordReader {
  func delimited(separator: UInt8, quoting: Bool, names given: [String]?) throws(CatalogError)
    -> [Record]
  {
    var index = start
    var line = 1
    var names = given
    var records: [Record] = []
    // A record a line, nearly always: one allocation, not a doubling series.
    records.reserveCapacity(lineCount)
    var values: [String] = []
    var table: FieldNames?
    var packer = FieldPacker()
    while index < bytes.count {
      let recordLine = line
      let recordStart = index
      guard
        try readLine(
          at: &index, line: &line, separator: separator, quoting: quoting, into: &values)
      else { continue }
      guard let fieldNames = names else {
        names = values
        continue
      }
      guard values.count == fieldNames.count else {
        throw wrongFieldCount(
          values.count, names: fieldNames, given: given != nil, separator: separator,
          line: recordLine, at: recordStart)
      }
      if table == nil { table = FieldNames(fieldNames) }
      records.append(Record(fields: packer.fields(values, names: table!), line: recordLine))
    }
    return records
  }

  /// Reads the line at `index` into `values`, a value per field, leaving
  /// `index` at the next line (and `line` counting the line feeds passed,
  /// quoted ones too); false for a blank line, which holds no record.
  @inline(__always)
  func readLine(
    at index: inout Int, line: inout Int, separator: UInt8, quoting: Bool,
    into values: inout [String]
  ) throws(CatalogError) -> Bool {
    values.removeAll(keepingCapacity: true)
    if bytes[index] == .newline
      || (bytes[index] == .carriageReturn
        && index + 1 < bytes.count && bytes[index + 1] == .newline)
    {
      index += bytes[index] == .newline ? 1 : 2
      line += 1
      return false
    }
    while true {
      if quoting, index < bytes.count, bytes[index] == .quote {
        values.append(try quotedField(at: &index, line: &line))
      } else {
        var end = index
        var bits: UInt8 = 0
        let stop = scanLimit(from: index)
        while end < stop, bytes[end] != separator, bytes[end] != .newline {
          bits |= bytes[end]
          end += 1
        }
        if end == stop, stop < bytes.count { throw fieldTooLong(at: index) }
        var last = end
        if last > index, bytes[last - 1] == .carriageReturn,
          end == bytes.count
            || bytes[end] == .newline
        {
          last -= 1
        }
        values.append(try text(index, last, isASCII: bits < 0x80))
        index = end
      }
      if index < bytes.count, bytes[index] == separator {
        index += 1
        continue
      }
      if index < bytes.count, bytes[index] == .carriageReturn { index += 1 }
      if index < bytes.count {
        // A quoted field ends at a separator or the end of the line.
        guard bytes[index] == .newline else {
          throw failure(
            .malformedJSON, at: index,
            "expected \(separator == .comma ? "a comma" : "a tab") or the end of the line after a quoted field"
          )
        }
        index += 1
        line += 1
      }
      return true
    }
  }

  /// Reads the line at `index` as `readLine` does, into `spans` (each
  /// value's place in `bytes`) instead of text, with whether the line is
  /// ASCII; nil, leaving `index` and `line` alone, for a line `readLine`
  /// must read: one with a quoted field, or a field over the limit.
  @inline(__always)
  func readSpans(
    at index: inout Int, line: inout Int, separator: UInt8, quoting: Bool,
    into spans: inout [Range<Int>]
  ) -> (read: Bool, isASCII: Bool)? {
    spans.removeAll(keepingCapacity: true)
    if bytes[index] == .newline || bytes[index] == .carriageReturn { return nil }
    var position = index
    var bits: UInt8 = 0
    while true {
      if quoting, position < bytes.count, bytes[position] == .quote { return nil }
      var end = position
      let stop = scanLimit(from: position)
      while end < stop, bytes[end] != separator, bytes[end] != .newline {
        bits |= bytes[end]
        end += 1
      }
      if end == stop, stop < bytes.count { return nil }
      var last = end
      if last > position, bytes[last - 1] == .carriageReturn,
        end == bytes.count || bytes[end] == .newline
      {
        last -= 1
      }
      if last - position > limits.maximumStringLength { return nil }
      spans.append(position..<last)
      position = end
      if position < bytes.count, bytes[position] == separator {
        position += 1
        continue
      }
      if position < bytes.count {
        position += 1
        line += 1
      }
      index = position
      return (true, bits < 0x80)
    }
  }

  /// The text of `span`, whose bytes are checked UTF-8 within the limit.
  @inline(__always)
  func checkedText(_ span: Range<Int>, isASCII: Bool) -> String {
    let text = UnsafeBufferPointer(rebasing: bytes[span])
    if #available(macOS 26, iOS 26, tvOS 26, *) {
      return String(copying: UTF8Span(unchecked: text.span, isKnownASCII: isASCII))
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// The failure of a line with `count` fields where `names` are named.
  func wrongFieldCount(
    _ count: Int, names: [String], given: Bool, separator: UInt8, line: Int, at offset: Int
  ) -> CatalogError {
    let (_, column) = JSONScanner(bytes: bytes, maximumDepth: 1).lineAndColumn(of: offset)
    let kind = separator == .comma ? "CSV" : "TSV"
    return CatalogError(
      .invalidCatalog, source: source, line: line, column: column,
      problem:
        "\(count) \(count == 1 ? "field" : "fields"), but the \(given ? "--fields name" : "header names") \(names.count) (a \(kind) line has one per name)"
    )
  }

  /// The quoted field whose `"` is at `index`: `""` inside is one quote, and
  /// line breaks are part of it. Leaves `index` after the closing quote.
  private func quotedField(at index: inout Int, line: inout Int) throws(CatalogError) -> String {
    let open = index
    var value: [UInt8] = []
    var runStart = index + 1
    var position = index + 1
    while true {
      guard position < bytes.count else {
        throw failure(.malformedJSON, at: open, "unterminated quoted field")
      }
      if value.count + position - runStart > limits.maximumStringLength {
        throw fieldTooLong(at: open)
      }
      let byte = bytes[position]
      if byte == .newline { line += 1 }
      if byte == .quote {
        value.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<position]))
        if position + 1 < bytes.count, bytes[position + 1] == .quote {
          value.append(.quote)
          position += 2
          runStart = position
          continue
        }
        index = position + 1
        break
      }
      position += 1
    }
    if value.count > limits.maximumStringLength { throw fieldTooLong(at: open) }
    return String(decoding: value, as: UTF8.self)
  }
}

/// Packs records' values into `CardFields` that share one table of names,
/// reusing its buffers from record to record.
struct FieldPacker {
  private var packed: [UInt8] = []
  private var ends: [Int] = []

  /// The fields whose values are `spans` of `bytes`, named by `names`:
  /// spans of one line, `separator` (which none holds) between each two.
  static func fields(
    _ spans: UnsafeBufferPointer<Range<Int>>, of bytes: UnsafeBufferPointer<UInt8>,
    separator: UInt8,
    names: FieldNames
  ) -> CardFields {
    guard let first = spans.first, let last = spans.last else { return CardFields() }
    return CardFields(
      names: names,
      bytes: UnsafeRawBufferPointer(
        UnsafeBufferPointer(rebasing: bytes[first.lowerBound..<last.upperBound])),
      separator: separator)
  }

  /// The fields whose values are `values`, named by `names`.
  mutating func fields(_ values: [String], names: FieldNames) -> CardFields {
    packed.removeAll(keepingCapacity: true)
    ends.removeAll(keepingCapacity: true)
    for value in values {
      packed.append(contentsOf: value.utf8)
      ends.append(packed.count)
    }
    return made(names)
  }

  private func made(_ names: FieldNames) -> CardFields {
    packed.withUnsafeBytes { bytes in
      ends.withUnsafeBufferPointer { ends in CardFields(names: names, bytes: bytes, ends: ends) }
    }
  }
}
