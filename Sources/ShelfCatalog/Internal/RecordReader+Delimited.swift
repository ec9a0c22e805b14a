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
    let kind = separator == .comma ? "CSV" : "TSV"
    while index < bytes.count {
      let recordLine = line
      let recordStart = index
      values.removeAll(keepingCapacity: true)
      // A blank line holds no record.
      if bytes[index] == .newline
        || (bytes[index] == .carriageReturn
          && index + 1 < bytes.count && bytes[index + 1] == .newline)
      {
        index += bytes[index] == .newline ? 1 : 2
        line += 1
        continue
      }
      while true {
        if quoting, index < bytes.count, bytes[index] == .quote {
          values.append(try quotedField(at: &index, line: &line))
        } else {
          var end = index
          while end < bytes.count, bytes[end] != separator, bytes[end] != .newline { end += 1 }
          var last = end
          if last > index, bytes[last - 1] == .carriageReturn,
            end == bytes.count
              || bytes[end] == .newline
          {
            last -= 1
          }
          values.append(try text(index, last))
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
        break
      }
      guard let fieldNames = names else {
        names = values
        continue
      }
      guard values.count == fieldNames.count else {
        let (_, column) = JSONScanner(bytes: bytes, maximumDepth: 1).lineAndColumn(
          of: recordStart)
        throw CatalogError(
          .invalidCatalog, source: source, line: recordLine, column: column,
          problem:
            "\(values.count) \(values.count == 1 ? "field" : "fields"), but the \(given == nil ? "header names" : "--fields name") \(fieldNames.count) (a \(kind) line has one per name)"
        )
      }
      var fields: [CardField] = []
      fields.reserveCapacity(values.count)
      for (name, value) in zip(fieldNames, values) {
        fields.append(CardField(name: name, value: value))
      }
      records.append(Record(fields: fields, line: recordLine))
    }
    return records
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
    if value.count > limits.maximumStringLength {
      throw failure(
        at: open,
        "a field is \(value.count) bytes long; the limit is \(MessageText.size(limits.maximumStringLength))"
      )
    }
    return String(decoding: value, as: UTF8.self)
  }
}
