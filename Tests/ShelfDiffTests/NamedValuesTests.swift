import PropertyBased
import ShelfDiff
import Testing

/// Packs `values` named by `names` as a table's record is packed.
private func packed(_ values: [String], _ names: FieldNames) -> NamedValues {
  var bytes: [UInt8] = []
  var ends: [Int] = []
  for value in values {
    bytes += Array(value.utf8)
    ends.append(bytes.count)
  }
  return bytes.withUnsafeBytes { bytes in
    ends.withUnsafeBufferPointer { NamedValues(names: names, bytes: bytes, ends: $0) }
  }
}

/// Packs `values` named by `names` as a TSV line holds them, tabs between.
private func tabbed(_ values: [String], _ names: FieldNames) -> NamedValues {
  Array(values.joined(separator: "\t").utf8).withUnsafeBytes {
    NamedValues(names: names, bytes: $0, separator: UInt8(ascii: "\t"))
  }
}

/// `values` as a line, tabs between, of bytes that other lines share:
/// `before` and `after` around it.
private func sharedLine(
  _ values: [String], _ names: FieldNames, before: String = "x\ty\n", after: String = "\nz"
) -> NamedValues {
  let line = Array(values.joined(separator: "\t").utf8)
  let bytes = Array(before.utf8) + line + Array(after.utf8)
  let start = before.utf8.count
  return NamedValues(
    line: start..<start + line.count,
    of: SharedLines(bytes: bytes, names: names, separator: UInt8(ascii: "\t")))
}

private func listed(_ values: [String], _ names: FieldNames) -> NamedValues {
  NamedValues(zip(names.names, values).map { NamedValue(name: $0, value: $1) })
}

@Test func packedValuesReadAsTheFieldsTheyWereMadeOf() {
  let names = FieldNames(["name", "note", "empty", "name"])
  let values = ["café", "日本\t\"x\"", "", "second"]
  let fields = packed(values, names)
  #expect(fields.count == 4)
  #expect(fields.map(\.name) == names.names)
  #expect(fields.map(\.value) == values)
  // The first of a repeated name, as a list finds it; a missing one is nil.
  #expect(fields.value(named: "name") == "café")
  #expect(fields.value(named: "empty") == "")
  #expect(fields.value(named: "absent") == nil)
  #expect(fields == listed(values, names) && listed(values, names) == fields)
  #expect(fields.hashValue == listed(values, names).hashValue)
}

@Test func packedValuesOfOneTableDifferWhereTheirCutsDo() {
  let names = FieldNames(["a", "b"])
  // The same bytes cut in another place are other values.
  #expect(packed(["ab", "c"], names) != packed(["a", "bc"], names))
  #expect(packed(["ab", "c"], names) == packed(["ab", "c"], names))
  // Another table of the same names compares by the fields.
  #expect(packed(["ab", "c"], names) == packed(["ab", "c"], FieldNames(["a", "b"])))
  #expect(packed(["ab", "c"], names) != packed(["ab", "c"], FieldNames(["a", "B"])))
  #expect(NamedValues() == [] && packed([], FieldNames([])) == NamedValues())
  // A line's fields, tabs between, read and compare as the others.
  let tsv = tabbed(["", "x", "", "日本"], FieldNames(["a", "b", "c", "d"]))
  #expect(tsv.map(\.value) == ["", "x", "", "日本"])
  #expect(tsv.value(named: "d") == "日本" && tsv.value(named: "c") == "")
  #expect(tsv == packed(["", "x", "", "日本"], FieldNames(["a", "b", "c", "d"])))
}

/// Two records of random short values over a small alphabet (so that they
/// are often equal, or cut alike), over one table of names.
private let recordPairs = Gen.draws(64).map { draws in
  var rng = draws
  let alphabet = ["", "a", "b", "é", "日", "\t"]
  func record(_ count: Int) -> [String] {
    (0..<count).map { _ in
      (0..<Int.random(in: 0...2, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }
        .joined()
    }
  }
  let count = Int.random(in: 0...4, using: &rng)
  return [record(count), record(count)]
}

@Test func packedValuesCompareAndHashAsTheirLists() async {
  await propertyCheck(count: 300, input: recordPairs) { pair in
    let names = FieldNames((0..<pair[0].count).map { "f\($0)" })
    let (a, b) = (packed(pair[0], names), packed(pair[1], names))
    #expect(Array(a) == Array(listed(pair[0], names)))
    // Without tabs in the values, the line form is the same fields.
    if !pair.joined().joined().contains("\t") {
      let (c, d) = (tabbed(pair[0], names), tabbed(pair[1], names))
      #expect(Array(c) == Array(listed(pair[0], names)))
      #expect((c == d) == (pair[0] == pair[1]) && (a == d) == (pair[0] == pair[1]))
      if c == d { #expect(c.hashValue == d.hashValue) }
      // A slice of shared bytes reads, compares and hashes as the same fields.
      let (e, f) = (sharedLine(pair[0], names), sharedLine(pair[1], names, before: ""))
      #expect(Array(e) == Array(listed(pair[0], names)))
      #expect(e.names == names.names)
      for (place, name) in names.names.enumerated() {
        #expect(e.value(named: name) == pair[0][place])
      }
      #expect((e == f) == (pair[0] == pair[1]) && (e == b) == (pair[0] == pair[1]))
      if e == f { #expect(e.hashValue == f.hashValue && e.hashValue == a.hashValue) }
    }
    #expect((a == b) == (pair[0] == pair[1]))
    #expect((a == listed(pair[1], names)) == (pair[0] == pair[1]))
    if a == b { #expect(a.hashValue == b.hashValue) }
  }
}

@Test func aSharedLineWithTooFewSeparatorsReadsNothingPastItsEnd() {
  // Three names over a line with one tab: the missing value is empty, and
  // the reading stops at the line's end, not in the next line's bytes.
  let fields = sharedLine(["a", "b"], FieldNames(["x", "y", "z"]), after: "\tnext\tline")
  #expect(fields.map(\.value) == ["a", "b", ""])
  #expect(fields.value(named: "z") == "")
}
