import PropertyBased
import ShelfDiff
import TestSupport
import Testing

@testable import ShelfUI

// The table hands each changed row its own card changes (`RowCardChanges`),
// on the main queue: found by a search per row in the delta's ordered
// lists, so that the filter's first key, which drops most cards of every
// row, does not cost the main queue a step per card.

/// Random content whose cards differ only in title (see `contents(card:face:)`).
private let titledContents = contents(card: Gen.int(in: 0...2)) { number, title in
  CardFace(id: "c\(number)", title: ["ab", "ba", "c"][title])
}

/// Any change of rows of cards, diffed in full (cards moving across rows,
/// repeated card ids matched by occurrence): each surviving row's told
/// change replays its old cards into its new ones, and a row not named
/// changed kept its cards.
@Test func eachRowsToldChangeReplaysItsOldCardsIntoItsNewOnes() async {
  await propertyCheck(count: 300, input: titledContents, titledContents) { old, new in
    let delta = SectionDelta(from: old.rows, to: new.rows)
    let changes = RowCardChanges(delta, oldRowCount: old.rows.count, newRowCount: new.rows.count)
    let mapping = try #require(
      delta.sections.indexMapping(oldCount: old.rows.count, newCount: new.rows.count))
    #expect(changes.changedRows == changes.changedRows.sorted())
    for (t, s) in mapping.oldOfNew.enumerated() where s >= 0 {
      let (before, after) = (old.rows[s].cards, new.rows[t].cards)
      guard changes.changedRows.contains(t) else {
        #expect(before == after, "row \(t) is not named but changed: \(delta)")
        continue
      }
      let told = try #require(changes.told(ofRow: t), "row \(t): \(delta)")
      #expect(told.isValid(oldCount: before.count, newCount: after.count), "row \(t): \(told)")
      #expect(told.applied(to: before, with: after) == after, "row \(t): \(told)")
    }
    for t in mapping.oldOfNew.indices where mapping.oldOfNew[t] < 0 {
      #expect(changes.told(ofRow: t) == nil)  // an inserted row shows its cards as they are
    }
  }
}

/// A delta that only names the rows whose cards changed: those rows are
/// changed, and none is told (each carousel that shows diffs its own).
@Test func aRowTheDeltaOnlyNamesIsChangedButNotTold() async {
  await propertyCheck(count: 200, input: titledContents, titledContents) { old, new in
    let delta = SectionDelta(sectionsFrom: old.rows, to: new.rows)
    let changes = RowCardChanges(delta, oldRowCount: old.rows.count, newRowCount: new.rows.count)
    #expect(changes.changedRows == delta.undiffedSections.map(\.to).sorted())
    for t in changes.changedRows { #expect(changes.told(ofRow: t) == nil) }
  }
}

/// The filter's first key as the table sees it: every row of 100 rows of
/// 100 cards loses all but one card. Finding the changed rows reads a
/// change or two per row, not the 9,900 deletions; telling a row reads its
/// own 99.
@Test func findingTheChangedRowsReadsAChangePerRowNotEveryCard() {
  let rows = (0..<100).map { r in
    CarouselRow(
      id: "r\(r)", title: "Row \(r)",
      cards: (0..<100).map { CardFace(id: "c\(r).\($0)", title: "Card \(r).\($0)") })
  }
  let filtered = rows.map { row in
    var row = row
    row.cards = [row.cards[row.cards.count / 2]]
    return row
  }
  let delta = SectionDelta(from: rows, to: filtered)
  #expect(delta.items.deletions.count == 9_900)
  var changes = RowCardChanges(delta, oldRowCount: rows.count, newRowCount: filtered.count)
  #expect(changes.changedRows == Array(0..<100))
  #expect(changes.changesRead == 100)
  var read = 0
  let told = changes.told(ofRow: 7, read: &read)
  #expect(read == 99)
  #expect(told?.deletions == (0..<100).filter { $0 != 50 })
  changes = RowCardChanges(delta, oldRowCount: rows.count, newRowCount: rows.count + 1)
  #expect(changes.changedRows.isEmpty)  // the delta does not fit: nothing told
}
