import ShelfDiff
import TestSupport
import Testing

/// The code of ShelfUI.docc/TableOfCarousels.md, compiled and run.
@Suite struct TableOfCarouselsArticle {
  @Test func theArticlesCodeIsThisTestsCode() {
    expectArticleCodeIsCompiled(article: "Sources/ShelfUI/ShelfUI.docc/TableOfCarousels.md")
  }

  @MainActor @Test(.timeLimit(.minutes(3)))
  func aCardChangeAnimatesInItsCarouselAndCompletesTheTablesBatch() async {
    struct Card: Identifiable, Equatable, Sendable {
      var id: String
      var title: String
    }

    struct CarouselRow: Identifiable, Equatable, Sendable {
      var id: String
      var cards: [Card]
    }

    struct RowSection: DiffableSection, Sendable {
      var id: String
      var title: String
      var items: [CarouselRow]

      func hasSameHeader(as other: RowSection) -> Bool { title == other.title }
    }

    @MainActor final class Carousel: DeltaUpdatableView {
      let cards: CollectionData<Card>
      private(set) var shown: [Card]

      init(cards: [Card]) {
        self.cards = CollectionData(cards)
        shown = cards
        self.cards.view = self
      }

      func performBatchUpdates(
        _ delta: IndexDelta, section: Int, updateData: @escaping () -> Void,
        completion: @escaping () -> Void
      ) {
        updateData()
        shown = cards.items
        completion()
      }

      func reloadData() { shown = cards.items }
    }

    @MainActor
    final class CarouselTable: SectionDeltaUpdatableView,
      CollectionDataManualReloadDelegate
    {
      let rows: CollectionSectionData<RowSection>
      private(set) var carousels: [String: Carousel] = [:]

      init(_ sections: [RowSection]) {
        rows = CollectionSectionData(sections)
        rows.view = self
        rows.manualReloadDelegate = self
        reloadData()
      }

      func performBatchUpdates(
        _ delta: SectionDelta, updateData: @escaping () -> Void, completion: @escaping () -> Void
      ) {
        updateData()
        let current = rows.sections.flatMap(\.items)
        carousels = carousels.filter { id, _ in current.contains { $0.id == id } }
        for row in current where carousels[row.id] == nil {
          carousels[row.id] = Carousel(cards: row.cards)
        }
        completion()
      }

      func reloadData() {
        carousels = [:]
        for row in rows.sections.flatMap(\.items) { carousels[row.id] = Carousel(cards: row.cards) }
      }

      func willHandleReload(at pair: ItemPathPair) -> Bool { true }

      func reloadItems(
        at itemPaths: [ItemPath],
        indexPathCompletion: @escaping @MainActor @Sendable (ItemPath) -> Void
      ) {
        for path in itemPaths {
          let row = rows[path]
          guard let carousel = carousels[row.id] else {
            indexPathCompletion(path)
            continue
          }
          carousel.cards.update(row.cards) {
            Task { @MainActor in indexPathCompletion(path) }
          }
        }
      }
    }

    let table = CarouselTable([
      RowSection(
        id: "books", title: "Books",
        items: [CarouselRow(id: "novels", cards: [Card(id: "emma", title: "Emma")])])
    ])
    let next = [
      RowSection(
        id: "books", title: "Books",
        items: [
          CarouselRow(
            id: "novels", cards: [Card(id: "emma", title: "Emma"), Card(id: "kim", title: "Kim")])
        ])
    ]
    await withCheckedContinuation { done in
      table.rows.update(next) { done.resume() }
    }
    // table.carousels["novels"]?.shown.map(\.id) == ["emma", "kim"]
    #expect(table.carousels["novels"]?.shown.map(\.id) == ["emma", "kim"])
    #expect(table.rows.isIdle)
  }
}
