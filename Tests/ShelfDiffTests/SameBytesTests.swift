import ShelfDiff
import Testing

// The replay check takes runs of sections or items that hold the same bytes
// as the same values, without comparing them: a false "same" would let a
// delta that does not replay through to a view.

/// No padding between fields: a copy made field by field need not copy padding.
private struct Shelf: Equatable {
  var id: Int
  var title: String
  var flag: Int
  var books: [Int]
}

@Test func runsOfACopyHoldTheSameBytes() {
  let shelves = (0..<40).map { Shelf(id: $0, title: "Shelf \($0)", flag: $0 % 3, books: [$0]) }
  var copy = shelves
  copy.append(Shelf(id: 99, title: "", flag: 0, books: []))  // a buffer of its own
  #expect(SameBytes.elements(of: shelves, from: 0, copy, from: 0, count: 40))
  #expect(SameBytes.elements(of: shelves, from: 7, copy, from: 7, count: 20))
  #expect(SameBytes.elements(of: shelves, from: 3, copy, from: 3, count: 0))
}

@Test func aChangedFieldOrAShiftedRunDoesNotHoldTheSameBytes() {
  let shelves = (0..<40).map { Shelf(id: $0, title: "Shelf \($0)", flag: 0, books: [$0]) }
  var changed = shelves
  changed[25].flag = 1
  #expect(!SameBytes.elements(of: shelves, from: 0, changed, from: 0, count: 40))
  #expect(SameBytes.elements(of: shelves, from: 0, changed, from: 0, count: 25))
  #expect(!SameBytes.elements(of: shelves, from: 25, changed, from: 25, count: 1))
  #expect(!SameBytes.elements(of: shelves, from: 0, shelves, from: 1, count: 10))
  var rebuilt = shelves
  rebuilt[39].books = [39]  // equal items in another buffer: not the same bytes
  #expect(!SameBytes.elements(of: shelves, from: 39, rebuilt, from: 39, count: 1))
  #expect(shelves == rebuilt)
}

@Test func bytesAreComparedUpToTheLastByte() {
  let old: [UInt8] = Array(repeating: 1, count: 19)
  for k in 0..<19 {
    var new = old
    new[k] = 2
    #expect(!SameBytes.elements(of: old, from: 0, new, from: 0, count: 19), "byte \(k)")
  }
}
