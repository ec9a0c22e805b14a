extension TableTransition {
  /// `scene` without the rows that would read as another section's: a row
  /// in the same section before and after the change whose title shows under
  /// another section's header (the nearest one shown above it).
  ///
  /// Such a row shows where a block drawn over its own header hides that
  /// header and not the row (a section moving whole, or the focused row,
  /// passing over another section). It is left out of the frame for as long
  /// as that lasts, so what lies under it shows instead: a section is seen
  /// as one block, never with rows that are not its own. The focused row is
  /// never left out (the focus stays whole), nor a row that leaves or joins
  /// a section (it is seen crossing the sections on its way).
  ///
  /// A section moving whole steps over the still sections and the focused
  /// row it would cut so (`TableMotion.steppingOverSections`), so this is
  /// left for the changes where no line left on a block's way reads right.
  ///
  /// - Complexity: O(body lines + entries drawn) for each round; a round
  ///   leaves out what the one before uncovered, and there are few.
  func withoutRowsUnderOtherHeaders(_ scene: Scene) -> Scene {
    var scene = scene
    let body = scene.body
    for _ in 0..<scene.entries.count {
      var header: String?
      var foreign: Set<Int> = []
      for (y, source) in SceneRenderer.lineSources(of: scene).enumerated()
      where body.minY <= y && y < body.maxY && source.entry >= 0 && source.line == 0 {
        switch scene.entries[source.entry] {
        case .header(let placement):
          header = placement.id
        case .row(let row):
          guard let header, !row.isFocused, let own = section(ofRow: row.id), own != header
          else { continue }
          foreign.insert(source.entry)
        }
      }
      guard !foreign.isEmpty else { break }
      scene.entries = scene.entries.indices.filter { !foreign.contains($0) }.map {
        scene.entries[$0]
      }
    }
    return scene
  }

  /// The id of the section row `id` is in both before and after the change
  /// (nil: it leaves or joins a section, or is not on both sides).
  ///
  /// - Complexity: O(1): the models' sections are grouped once, when each
  ///   is built (grouping the content's rows here, for every row drawn in
  ///   every frame, cost O(rows) each).
  private func section(ofRow id: String) -> String? {
    guard let before = before.model.section(ofRow: id), let after = after.model.section(ofRow: id),
      before == after
    else { return nil }
    return before
  }
}

extension DisplayModel {
  /// The id of the section row `id` is in (its first occurrence), nil when
  /// no row has it.
  ///
  /// - Complexity: O(1).
  func section(ofRow id: String) -> String? {
    rowIndexByID[id].map { sections[entry(ofRow: $0).section].id }
  }
}
