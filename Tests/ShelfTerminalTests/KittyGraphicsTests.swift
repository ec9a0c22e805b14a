import ShelfUI
import Testing

@testable import ShelfTerminal

/// The kitty graphics commands, byte for byte, and the cover layer's frames:
/// pictures sent once, placed at rest, taken off for motion, deleted on quit.
@Suite struct KittyGraphicsTests {
  /// The bytes as text, ESC shown as `⎋`.
  static func text(_ bytes: [UInt8]) -> String {
    String(String(decoding: bytes, as: UTF8.self).map { $0 == "\u{1B}" ? "⎋" : $0 })
  }

  static func cover(_ image: String, x: Int, y: Int, width: Int = 2, height: Int = 1)
    -> PlacedCover
  {
    PlacedCover(
      image: image, origin: Point(x: x, y: y),
      cover: CoverCells(
        width: width, height: height,
        cells: Array(repeating: Cell(text: "▀", style: Style()), count: width * height)))
  }

  /// A layer whose pictures are one pixel a cell, all of one grey.
  static func layer(keptLimit: Int = 128) -> KittyCoverLayer {
    KittyCoverLayer(keptLimit: keptLimit) { cover in
      CoverPixels(
        width: cover.width, height: cover.height,
        rgb: Array(repeating: 0x80, count: cover.width * cover.height * 3))
    }
  }

  @Test func aPictureIsSentAsRGBInChunksOfAtMost4096Characters() {
    let small = CoverPixels(width: 2, height: 1, rgb: [255, 0, 0, 0, 255, 0])
    #expect(
      Self.text(KittyGraphics.transmit(small, id: 7))
        == "⎋_Ga=t,f=24,s=2,v=1,i=7,q=2,m=0;/wAAAP8A⎋\\")
    // 3,072 pixels: 9,216 bytes, 12,288 base64 characters: three chunks.
    let large = CoverPixels(width: 64, height: 48, rgb: Array(repeating: 1, count: 64 * 48 * 3))
    let chunks = Self.text(KittyGraphics.transmit(large, id: 1)).components(separatedBy: "⎋\\")
      .filter { !$0.isEmpty }
    #expect(chunks.count == 3)
    #expect(chunks[0].hasPrefix("⎋_Ga=t,f=24,s=64,v=48,i=1,q=2,m=1;"))
    #expect(chunks[1].hasPrefix("⎋_Gm=1;") && chunks[2].hasPrefix("⎋_Gm=0;"))
    #expect(chunks.allSatisfy { $0.split(separator: ";")[1].count <= 4096 })
  }

  @Test func atRestTheCoversArePlacedWithTheCursorSavedAndRestored() {
    let layer = Self.layer()
    let first = layer.frame(showing: [Self.cover("a", x: 3, y: 2), Self.cover("b", x: 10, y: 2)])
    #expect(
      Self.text(first)
        == "⎋_Ga=t,f=24,s=2,v=1,i=1,q=2,m=0;gICAgICA⎋\\"
        + "⎋_Ga=t,f=24,s=2,v=1,i=2,q=2,m=0;gICAgICA⎋\\"
        + "⎋7⎋[3;4H⎋_Ga=p,i=1,p=1,c=2,r=1,C=1,q=2⎋\\"
        + "⎋[3;11H⎋_Ga=p,i=2,p=2,c=2,r=1,C=1,q=2⎋\\⎋8")
    #expect(layer.placedCount == 2)
    // The same covers in the same places: nothing to write.
    #expect(
      layer.frame(showing: [Self.cover("a", x: 3, y: 2), Self.cover("b", x: 10, y: 2)]).isEmpty)
  }

  @Test func motionTakesThePicturesOffAndRestPutsThemBackWithoutSendingThemAgain() {
    let layer = Self.layer()
    _ = layer.frame(showing: [Self.cover("a", x: 3, y: 2)])
    // Moving: no cover at rest, so every placement goes; the cells show.
    #expect(Self.text(layer.frame(showing: [])) == "⎋_Ga=d,d=a,q=2⎋\\")
    #expect(layer.placedCount == 0)
    #expect(layer.frame(showing: []).isEmpty, "nothing left to take off")
    // At rest elsewhere: placed again from the picture the terminal kept.
    #expect(
      Self.text(layer.frame(showing: [Self.cover("a", x: 5, y: 4)]))
        == "⎋7⎋[5;6H⎋_Ga=p,i=1,p=1,c=2,r=1,C=1,q=2⎋\\⎋8")
  }

  @Test func aRepaintDeletesWhatTheTerminalMayShowBeforePlacingAgain() {
    let layer = Self.layer()
    _ = layer.frame(showing: [Self.cover("a", x: 0, y: 0)])
    layer.forgetPlacements()
    #expect(
      Self.text(layer.frame(showing: [Self.cover("a", x: 0, y: 0)]))
        == "⎋_Ga=d,d=a,q=2⎋\\⎋7⎋[1;1H⎋_Ga=p,i=1,p=1,c=2,r=1,C=1,q=2⎋\\⎋8")
  }

  @Test func quittingDeletesEveryPlacementAndEveryPictureSent() {
    let layer = Self.layer()
    _ = layer.frame(showing: [Self.cover("a", x: 0, y: 0), Self.cover("b", x: 4, y: 0)])
    _ = layer.frame(showing: [])
    #expect(
      Self.text(layer.clear())
        == "⎋_Ga=d,d=a,q=2⎋\\⎋_Ga=d,d=I,i=1,q=2⎋\\⎋_Ga=d,d=I,i=2,q=2⎋\\")
    // After a suspend the pictures are sent again.
    #expect(Self.text(layer.frame(showing: [Self.cover("a", x: 0, y: 0)])).contains("a=t"))
  }

  @Test func aCoverWhosePixelsAreNotReadyKeepsItsCells() {
    let layer = KittyCoverLayer { _ in nil }
    #expect(layer.frame(showing: [Self.cover("a", x: 0, y: 0)]).isEmpty)
    #expect(layer.placedCount == 0)
  }

  @Test func theLeastRecentlyShownPicturesAreDeletedPastTheLimit() {
    let layer = Self.layer(keptLimit: 2)
    _ = layer.frame(showing: [Self.cover("a", x: 0, y: 0)])
    _ = layer.frame(showing: [Self.cover("b", x: 0, y: 0)])
    let third = Self.text(layer.frame(showing: [Self.cover("c", x: 0, y: 0)]))
    #expect(third.contains("⎋_Ga=d,d=I,i=1,q=2⎋\\"), "a, shown least recently, goes")
    #expect(!third.contains("i=2,q=2⎋\\⎋_Ga=d"), "b stays")
    // a is sent again when it shows again, under a new id.
    #expect(Self.text(layer.frame(showing: [Self.cover("a", x: 0, y: 0)])).contains("i=4"))
  }
}

/// The answers read from the terminal before ncurses starts.
@Suite struct TerminalQueryTests {
  @Test func anOKToTheGraphicsQueryMeansPicturesAndAnErrorOrSilenceMeansCells() {
    let da1 = Array("\u{1B}[?62;c".utf8)
    let ok = TerminalQuery.answers(to: TerminalQuery.kittyAnswer + da1, background: false)
    #expect(ok.showsKittyPictures && ok.background == nil)
    let refused = Array("\u{1B}_Gi=31;ENOTSUPPORTED:no\u{1B}\\".utf8) + da1
    #expect(!TerminalQuery.answers(to: refused, background: false).showsKittyPictures)
    #expect(!TerminalQuery.answers(to: da1, background: false).showsKittyPictures)
    // Both asked in one round trip: the background's answer first.
    let both =
      Array("\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\".utf8) + TerminalQuery.kittyAnswer + da1
    let answers = TerminalQuery.answers(to: both, background: true)
    #expect(answers.showsKittyPictures && answers.background == .light)
  }

  @Test func keysTypedWhileTheAnswersAreAwaitedAreKeptInOrder() {
    let osc11 = Array("\u{1B}]11;rgb:ffff/ffff/ffff\u{7}".utf8)
    let da1 = Array("\u{1B}[?62;22c".utf8)
    // j, the background's answer, é, an arrow key (a CSI, not an answer),
    // kitty's answer, k, DA1's answer, then q typed after it.
    let reply =
      Array("j".utf8) + osc11 + Array("é".utf8) + Array("\u{1B}[A".utf8)
      + TerminalQuery.kittyAnswer + Array("k".utf8) + da1 + Array("q".utf8)
    let answers = TerminalQuery.answers(to: reply, background: true)
    #expect(answers.background == .light && answers.showsKittyPictures)
    #expect(answers.typed == Array("jé\u{1B}[Akq".utf8))
    // An answer cut short by the time limit is not taken for keys.
    #expect(TerminalQuery.split(Array("x\u{1B}]11;rgb:00".utf8)).typed == Array("x".utf8))
    // The reader gives them first, as keys, in order.
    var decoder = KeyDecoder()
    #expect(
      decoder.feed(typed: answers.typed, at: 0)
        == [.character("j"), .character("é"), .up, .character("k"), .character("q")])
  }

  @Test func theGraphicsQueryAsksForNoPictureToBeKept() {
    let text = KittyGraphicsTests.text(TerminalQuery.kittyQuestion)
    #expect(text == "⎋_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA⎋\\")
  }
}

extension KittyGraphicsTests {
  @Test func aCoverCutByTheScreensEdgeShowsTheMatchingPartOfItsPicture() {
    let layer = Self.layer()
    // A 2 x 4 cover (pictures of one pixel a cell) whose lines 1 to 2 show.
    let cover = Self.cover("a", x: 3, y: 5, width: 2, height: 4)
    let cut = PlacedCover(image: "a", origin: cover.origin, cover: cover.cover, lines: 1..<3)
    let text = Self.text(layer.frame(showing: [cut]))
    #expect(
      text.hasSuffix("⎋7⎋[7;4H⎋_Ga=p,i=1,p=1,x=0,y=1,w=2,h=2,c=2,r=2,C=1,q=2⎋\\⎋8"), "\(text)")
  }
}
