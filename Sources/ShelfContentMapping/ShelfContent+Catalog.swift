import ShelfCatalog
import ShelfUI

// ShelfCatalog and ShelfUI may not import each other: the one mapping from
// the model to what the screen shows lives here, for the app and the
// benchmarks that time it.

extension ShelfContent {
  /// What the screen shows of `catalog`: the same sections, rows and cards,
  /// with missing text fields empty.
  ///
  /// - Complexity: O(*n*), where *n* is the number of cards in `catalog`.
  public init(_ catalog: Catalog) {
    self.init(catalog, namespace: nil)
  }

  /// What the screen shows of `catalog` as one of several sources: the ids of
  /// its sections and rows are put in `namespace`, so that they can never
  /// equal another source's (card ids need not be: they are unique within
  /// their row).
  ///
  /// - Complexity: O(*n*), where *n* is the number of cards in `catalog`.
  public init(_ catalog: Catalog, namespace: SourceNamespace?) {
    func scoped(_ id: String) -> String { namespace?.scoped(id) ?? id }
    self.init(
      title: catalog.title,
      sections: catalog.sections.map { section in
        ShelfSection(
          id: scoped(section.id), title: section.title,
          rows: section.rows.map { row in
            CarouselRow(
              id: scoped(row.id), title: row.title,
              cards: row.items.map { card in
                CardFace(
                  id: card.id, title: card.title, subtitle: card.subtitle ?? "", year: card.year,
                  rating: card.rating, summary: card.summary ?? "", tags: card.tags)
              })
          })
      })
  }
}
