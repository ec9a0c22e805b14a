import PropertyBased
import TestSupport
import Testing

@testable import ShelfUI

/// `count` rows of 30 cards; `edition` changes every card's subtitle.
private func catalog(rows count: Int, edition: Int = 0) -> ShelfContent {
  let rows = (0..<count).map { r in
    CarouselRow(
      id: "r\(r)", title: "Row \(r)",
      cards: (0..<30).map { c in
        CardFace(
          id: "c\(c)", title: "Card \(r).\(c) 書", subtitle: "edition \(edition)", year: 1990 + c)
      })
  }
  return ShelfContent(
    title: "Reuse",
    sections: [
      ShelfSection(id: "a", title: "First", rows: Array(rows.prefix(count / 2))),
      ShelfSection(id: "b", title: "Second", rows: Array(rows.dropFirst(count / 2))),
    ])
}

/// The view state of a screen just opened on `model`.
private func openingState(of model: DisplayModel) -> ViewState {
  var state = ViewState()
  state.rememberIDs(in: model)
  return state
}

/// Checks `walk` on 40 random walks, each from a screen just opened on 40
/// rows: `walk` is handed the draws to make its steps with, the screen's
/// model and its view state.
private func randomWalks(_ walk: (inout Draws, DisplayModel, ViewState) -> Void) async {
  await propertyCheck(count: 40, input: Gen.draws(2048)) { draws in
    var rng = draws
    let model = DisplayModel(catalog(rows: 40))
    walk(&rng, model, openingState(of: model))
  }
}

@Test func rememberedPlacementsAreThePlacementsOfTheState() async {
  await randomWalks { rng, opened, state in
    var (model, state, memo) = (opened, state, LayoutMemo())
    var size = Size(width: 120, height: 40)
    for step in 0..<60 {
      switch Int.random(in: 0..<8, using: &rng) {
      case 0..<3: state.moveRows(by: Int.random(in: -7...7, using: &rng), in: model, size: size)
      case 3..<6: state.moveCards(by: Int.random(in: -9...9, using: &rng), in: model, size: size)
      case 6:
        size = [
          Size(width: 120, height: 40), Size(width: 80, height: 24), Size(width: 250, height: 80),
        ]
        .randomElement(using: &rng)!
        state.revealFocusedCard(in: model, size: size)
        state.revealFocusedRow(in: model, size: size)
      default:
        let previous = model
        model = DisplayModel(catalog(rows: 40, edition: step))
        state.resolve(in: model, previous: previous)
      }
      let remembered = Layout.scene(of: model, state: state, size: size, memo: &memo)
      let isSame = remembered == Layout.scene(of: model, state: state, size: size)
      #expect(isSame, "step \(step)")
      #expect(memo.count == remembered.rows.count)
    }
  }
}

@Test func aComposedScreenIsTheScreenDrawnFromScratch() async {
  await randomWalks { rng, model, state in
    var (state, images) = (state, SceneImages())
    let size = Size(width: 97, height: 31)
    for step in 0..<40 {
      state.moveRows(by: Int.random(in: -3...3, using: &rng), in: model, size: size)
      state.moveCards(by: Int.random(in: -4...4, using: &rng), in: model, size: size)
      var scene = Layout.scene(of: model, state: state, size: size)
      // Entries out of place, as a transition has them: overlapping, half out
      // of the body, cut short, cards between places and highlighted.
      for index in scene.entries.indices where Bool.random(using: &rng) {
        guard case .row(var row) = scene.entries[index] else { continue }
        row.y += Int.random(in: -4...4, using: &rng)
        row.height = Int.random(in: 0...Metrics.rowHeight, using: &rng)
        row.highlight = [0, 0.4, 0.9].randomElement(using: &rng)!
        for card in row.cards.indices where Bool.random(using: &rng) {
          row.cards[card].x += Int.random(in: -9...9, using: &rng)
          row.cards[card].width = Int.random(in: 0...row.cards[card].width, using: &rng)
          row.cards[card].highlight = [0, 0.6, 1].randomElement(using: &rng)!
        }
        scene.entries[index] = .row(row)
      }
      var drawn = Canvas(size: size)
      SceneRenderer.draw(scene, into: &drawn)
      let composed = SceneRenderer.compose(scene, images: &images)
      let isSame = composed == drawn
      #expect(isSame, "step \(step):\n\(composed.text)\n---\n\(drawn.text)")
      #expect(images.count <= scene.entries.count)
    }
  }
}

@Test func aStillRowIsNotDrawnAgainButAChangedOneIs() {
  let model = DisplayModel(catalog(rows: 4))
  var state = openingState(of: model)
  let size = Size(width: 80, height: 24)
  var images = SceneImages()
  func cells(of rowID: String, in scene: Scene) -> [Cell] {
    images.image(of: scene.rows.first { $0.id == rowID }!, width: size.width)
  }
  func storage(_ cells: [Cell]) -> UnsafeRawPointer? {
    cells.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
  }
  let first = Layout.scene(of: model, state: state, size: size)
  let before = (cells(of: "r0", in: first), cells(of: "r1", in: first))
  images.endFrame()
  state.moveRows(by: 1, in: model, size: size)  // the focus leaves r0 for r1
  let second = Layout.scene(of: model, state: state, size: size)
  #expect(storage(cells(of: "r0", in: second)) != storage(before.0))
  #expect(storage(cells(of: "r1", in: second)) != storage(before.1))
  images.endFrame()
  let third = Layout.scene(of: model, state: state, size: size)
  let r0 = cells(of: "r0", in: second)
  #expect(storage(cells(of: "r0", in: third)) == storage(r0))
  #expect(images.count == 2)
  images.endFrame()
  images.endFrame()
  #expect(images.count == 0)
}

@Test func linesAreInitializedInOrderOnce() {
  var seen: [Int] = []
  let canvas = Canvas(size: Size(width: 3, height: 4)) { y, line in
    seen.append(y)
    line.fill(with: Cell(text: String(y)))
  }
  #expect(seen == [0, 1, 2, 3])
  #expect(canvas.lines == ["000", "111", "222", "333"])
}
