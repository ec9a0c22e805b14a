import ShelfCatalog
import ShelfUI

extension ShelfContent {
  /// What the screen shows of `catalog`: the same sections, rows and cards,
  /// with missing text fields empty.
  init(_ catalog: Catalog) {
    self.init(
      title: catalog.title,
      sections: catalog.sections.map { section in
        ShelfSection(
          id: section.id, title: section.title,
          rows: section.rows.map { row in
            CarouselRow(
              id: row.id, title: row.title,
              cards: row.items.map { card in
                CardFace(
                  id: card.id, title: card.title, subtitle: card.subtitle ?? "", year: card.year,
                  rating: card.rating, summary: card.summary ?? "", tags: card.tags)
              })
          })
      })
  }
}
