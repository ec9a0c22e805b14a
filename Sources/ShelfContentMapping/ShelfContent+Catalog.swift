import Dispatch
import ShelfCatalog
import ShelfDiff
import ShelfUI

// ShelfCatalog and ShelfUI may not import each other: the one mapping from
// the model to what the screen shows lives here, for the app and the
// benchmarks that time it.

extension ShelfContent {
  /// From this many cards on, rows are converted on every core: below it the
  /// threads would cost more than they save.
  package static let parallelConversionSize = 50_000

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
  /// A large catalog's rows are converted on every core.
  ///
  /// - Complexity: O(*n*), where *n* is the number of cards in `catalog`.
  public init(_ catalog: Catalog, namespace: SourceNamespace?) {
    self.init(
      catalog, namespace: namespace,
      inParallel: catalog.cardCount >= Self.parallelConversionSize)
  }

  /// `init(_:namespace:)` with its rows converted on several threads or on
  /// the caller's, whatever the catalog's size, for tests.
  package init(_ catalog: Catalog, namespace: SourceNamespace?, inParallel: Bool) {
    let rows = catalog.sections.flatMap(\.rows)
    // Each row carries its section's id and title.
    let headers = catalog.sections.map { section in
      Header(
        id: namespace?.scoped(section.id) ?? section.id,
        title: namespace?.headerTitle(section.title) ?? section.title)
    }
    var sectionOfRow: [Int] = []
    sectionOfRow.reserveCapacity(rows.count)
    for (index, section) in catalog.sections.enumerated() {
      sectionOfRow.append(contentsOf: repeatElement(index, count: section.rows.count))
    }
    let converted =
      inParallel && rows.count > 1
      ? Self.rowsInParallel(
        rows, headers: headers, sectionOfRow: sectionOfRow, namespace: namespace)
      : rows.indices.map {
        Self.row(rows[$0], in: headers[sectionOfRow[$0]], namespace: namespace)
      }
    self.init(title: catalog.title, rows: converted)
  }

  /// A section's id and title, as its rows carry them.
  private struct Header: Sendable {
    var id: String
    var title: String?
  }

  /// What the screen shows of `catalog`, as `init(_:namespace:)` makes it,
  /// where each row whose revision (`revisions`, by section and row) is the
  /// one `previous` had at the same place is taken from `previous.sections`
  /// (converted in the same `namespace`) rather than converted again. The
  /// row taken is the same value, byte for byte, so the chain's and the
  /// table's checks pass it at the cost of a comparison of its bytes.
  /// Returns with the content how many cards it converted: those of the
  /// rows not taken.
  ///
  /// - Complexity: O(*r* + *c*) for *r* rows and *c* cards in the rows
  ///   not taken.
  package static func converting(
    _ catalog: Catalog, namespace: SourceNamespace?, revisions: RowRevisions?,
    reusing previous: (revisions: RowRevisions, sections: [ShelfSection])?
  ) -> (content: ShelfContent, convertedCards: Int) {
    guard let revisions, let previous else {
      return (ShelfContent(catalog, namespace: namespace), catalog.cardCount)
    }
    var convertedCards = 0
    let content = ShelfContent(
      title: catalog.title,
      sections: catalog.sections.enumerated().map { s, section in
        let header = Header(
          id: namespace?.scoped(section.id) ?? section.id,
          title: namespace?.headerTitle(section.title) ?? section.title)
        return ShelfSection(
          id: header.id, title: header.title,
          rows: section.rows.enumerated().map { r, row in
            if let revision = revisions.revision(section: s, row: r),
              previous.revisions.revision(section: s, row: r) == revision,
              s < previous.sections.count, r < previous.sections[s].rows.count
            {
              return previous.sections[s].rows[r]
            }
            convertedCards += row.items.count
            return Self.row(row, in: header, namespace: namespace)
          })
      })
    return (content, convertedCards)
  }

  /// `rows` converted in contiguous runs spread over the cores.
  private static func rowsInParallel(
    _ rows: [Row], headers: [Header], sectionOfRow: [Int], namespace: SourceNamespace?
  ) -> [CarouselRow] {
    guard !rows.isEmpty else { return [] }  // never writes the shared empty buffer
    return [CarouselRow](unsafeUninitializedCapacity: rows.count) { buffer, count in
      let slots = SharedRows(slots: buffer)
      // Several runs per core even out rows of different lengths.
      let runs = min(rows.count, 64)
      DispatchQueue.concurrentPerform(iterations: runs) { run in
        WorkerPriority.yieldToInteractive()
        for k in (rows.count * run / runs)..<(rows.count * (run + 1) / runs) {
          slots.slots.initializeElement(
            at: k, to: row(rows[k], in: headers[sectionOfRow[k]], namespace: namespace))
        }
      }
      count = rows.count
    }
  }

  private static func row(_ row: Row, in header: Header, namespace: SourceNamespace?)
    -> CarouselRow
  {
    CarouselRow(
      id: namespace?.scoped(row.id) ?? row.id, title: row.title,
      cards: row.items.map { card in
        CardFace(
          id: card.id, title: card.title, subtitle: card.subtitle ?? "", year: card.year,
          rating: card.rating, summary: card.summary ?? "", tags: card.tags,
          url: card.url ?? "", image: card.image.map { namespace?.image($0) ?? $0 } ?? "",
          fields: card.fields)
      }, sectionID: header.id, sectionTitle: header.title)
  }
}

/// The result slots, shared by the converting threads: each initializes only
/// its own rows' slots.
private struct SharedRows: @unchecked Sendable {
  let slots: UnsafeMutableBufferPointer<CarouselRow>
}
