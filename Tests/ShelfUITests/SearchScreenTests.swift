import ShelfDiff
import TestSupport
import Testing

@testable import ShelfUI

/// The card two rows of `films` hold.
private let sevenSamurai = CardFace(
  id: "seven-samurai", title: "七人の侍", subtitle: "Akira Kurosawa", year: 1954, rating: 4.7,
  tags: ["Seven Samurai", "epic"])

/// Films and books of the bundled catalog that the search examples find.
private let films = Fixtures.shelf(
  "Shelf",
  [
    (
      "cinema", "Cinema",
      [
        CarouselRow(
          id: "world-cinema", title: "World Cinema",
          cards: [
            CardFace(
              id: "rashomon", title: "羅生門", subtitle: "Akira Kurosawa", year: 1950, rating: 4.3,
              tags: ["Rashōmon"]),
            sevenSamurai,
            CardFace(
              id: "gojira", title: "ゴジラ", subtitle: "Ishirō Honda", year: 1954, rating: 4.0,
              tags: ["Godzilla"]),
            CardFace(
              id: "la-strada", title: "La strada", subtitle: "Federico Fellini", year: 1954,
              rating: 4.2),
          ]),
        CarouselRow(
          id: "kurosawa", title: "Kurosawa at Toho",
          cards: [
            CardFace(
              id: "ikiru", title: "Ikiru", subtitle: "Akira Kurosawa", year: 1952, rating: 4.5),
            sevenSamurai,
          ]),
      ]
    ),
    (
      "books", "Books",
      [
        CarouselRow(
          id: "novels", title: "Novels",
          cards: [
            CardFace(
              id: "les-miserables", title: "Les Misérables", subtitle: "Victor Hugo", year: 1862,
              rating: 4.4),
            CardFace(
              id: "kokoro", title: "こころ", subtitle: "Natsume Sōseki", year: 1914, rating: 4.2),
            CardFace(
              id: "genji", title: "源氏物語", subtitle: "Murasaki Shikibu", year: 1008, rating: 4.0,
              tags: ["The Tale of Genji"]),
          ])
      ]
    ),
  ])

private let size = Fixtures.screenSize

@MainActor
private func type(_ text: String, on screen: ShelfScreen) {
  for character in text { _ = screen.handle(.character(character), size: size) }
}

/// A screen of `films`, drawn once at `size`.
@MainActor
private func searchScreen() -> ShelfScreen { screen(films) }

@MainActor
@Test func kurosawa1954FindsSevenSamuraiWithItsMatchesHighlighted() {
  let screen = searchScreen()
  type("/kurosawa 1954", on: screen)
  #expect(screen.shownRowIDs == [ReservedID.bestMatches, "world-cinema", "kurosawa"])
  #expect(
    screen.tableSections.flatMap(\.rows).flatMap(\.cards).map(\.id) == [
      "12:world-cinemaseven-samurai", "seven-samurai", "seven-samurai",
    ])  // the card both rows hold is one best match
  let canvas = screen.render(size: size, now: 0)
  expectGolden(
    TextBackend.text(of: canvas) + "\n\n" + TextBackend.styleMap(of: canvas),
    named: "search-kurosawa-1954-80x24")
  // The highlighted letters: the subtitle's "Kurosawa" and the year, on both cards.
  let lines = TextBackend.text(of: canvas).split(separator: "\n", omittingEmptySubsequences: false)
  let styles = TextBackend.styleMap(of: canvas).split(separator: "\n")
  for (y, line) in lines.enumerated() where line.contains("Akira Kurosawa") {
    let column = Array(line).firstIndex(of: "K")!
    let highlighted = Array(styles[y])[column..<(column + 8)]
    #expect(highlighted.allSatisfy { $0 == "H" }, "line \(y): \(styles[y])")
    #expect(Array(styles[y])[column - 2] != "H")  // "Akira" is not
  }
  #expect(styles.contains { $0.contains("HHHH") && !$0.contains("HHHHHHHH") })  // 1954
}

@MainActor
@Test func accentsAndCaseAreFoldedBothWays() {
  for query in ["miserables", "MISÉR", "ｍｉｓｅｒａｂｌｅｓ", "Mise\u{301}r"] {
    let screen = searchScreen()
    type("/" + query, on: screen)
    #expect(screen.focusedPick?.face.id == "les-miserables", "\(query)")
  }
  let screen = searchScreen()
  type("/soseki", on: screen)
  #expect(screen.focusedPick?.face.id == "kokoro")
  #expect(screen.shownRowIDs == [ReservedID.bestMatches, "novels"])
}

@MainActor
@Test func aCardFoundThroughATagShowsTheTagWhileFiltering() {
  let screen = searchScreen()
  type("/tale", on: screen)
  #expect(screen.focusedPick?.face.id == "genji")
  let text = TextBackend.text(of: screen.render(size: size, now: 0))
  #expect(text.contains("#The Tale of G"))
  // The card's subtitle gives way to the tag that matched (the status line
  // still names the focused card's).
  #expect(!text.split(separator: "\n").dropFirst().contains { $0.contains("Murasaki") })
  _ = screen.handle(.escape, size: size)
  type("/murasaki", on: screen)
  #expect(!TextBackend.text(of: screen.render(size: size, now: 0)).contains("#The Tale"))
}

@MainActor
@Test func escOrEmptyingTheQueryGivesTheFocusBackAsItWas() {
  let screen = searchScreen()
  _ = screen.handle(.down, size: size)
  _ = screen.handle(.down, size: size)
  let before = screen.focusedIDs
  #expect(before.card == "les-miserables")
  type("/kuro", on: screen)
  #expect(screen.focusedIDs.card != before.card)
  _ = screen.handle(.escape, size: size)
  #expect(screen.focusedIDs == before)
  // Emptying it with Backspace does the same.
  type("/sō", on: screen)
  #expect(screen.focusedPick?.face.id == "kokoro")
  _ = screen.handle(.backspace, size: size)
  _ = screen.handle(.backspace, size: size)
  #expect(screen.focusedIDs == before)
  _ = screen.handle(.backspace, size: size)  // closes the empty prompt
  #expect(screen.filter == ("", false))
  // Tab keeps the filtered view and the focus in it; Esc then gives it back.
  type("/ikiru", on: screen)
  _ = screen.handle(.tab, size: size)
  #expect(screen.filter == ("ikiru", false))
  #expect(screen.focusedPick?.face.id == "ikiru")
  _ = screen.handle(.escape, size: size)
  #expect(screen.focusedIDs == before)
}

@MainActor
@Test func upAndDownInThePromptRecallEarlierQueries() {
  let screen = searchScreen()
  type("/soseki", on: screen)
  _ = screen.handle(.tab, size: size)
  _ = screen.handle(.escape, size: size)
  type("/kurosawa", on: screen)
  _ = screen.handle(.escape, size: size)
  type("/gen", on: screen)
  _ = screen.handle(.up, size: size)
  #expect(screen.filter == ("kurosawa", true))
  _ = screen.handle(.up, size: size)
  #expect(screen.filter == ("soseki", true))
  #expect(screen.focusedPick?.face.id == "kokoro")  // recalled and filtered
  _ = screen.handle(.up, size: size)
  #expect(screen.filter == ("soseki", true))  // the oldest stays
  _ = screen.handle(.down, size: size)
  #expect(screen.filter == ("kurosawa", true))
  _ = screen.handle(.down, size: size)
  #expect(screen.filter == ("gen", true))  // back to what was typed
  _ = screen.handle(.tab, size: size)
  _ = screen.handle(.escape, size: size)
  type("/", on: screen)
  _ = screen.handle(.up, size: size)
  #expect(screen.filter == ("gen", true))
}

@MainActor
@Test func withNoHistoryUpAndDownStillBrowseFromThePrompt() {
  let screen = searchScreen()
  type("/", on: screen)
  _ = screen.handle(.down, size: size)
  #expect(screen.focusedIDs.row == "kurosawa")
  #expect(screen.filter == ("", true))
}

// MARK: - Best matches

@MainActor
@Test func theBestMatchesStandOnTopAndTakeTheFocus() {
  let screen = searchScreen()
  type("/kurosawa", on: screen)
  #expect(screen.shownRowIDs.first == ReservedID.bestMatches)
  #expect(screen.focusedIDs.row == ReservedID.bestMatches)
  // The cards below stay in their rows, each row's order kept.
  #expect(screen.shownRowIDs.dropFirst() == ["world-cinema", "kurosawa"])
  // Every card scores the same for "Akira Kurosawa": the one with the
  // least text first, as it comes in its own row.
  #expect(screen.focusedPick?.face.id == "ikiru")
  #expect(screen.focusedPick?.rowTitle == "Kurosawa at Toho")
  // A better match for a longer query takes the focus.
  type(" 1950", on: screen)
  #expect(screen.focusedPick?.face.id == "rashomon")
  #expect(screen.focusedPick?.rowTitle == "World Cinema")
}

@MainActor
@Test func enterInThePromptOpensTheBestMatchAtOnce() {
  let screen = searchScreen()
  type("/seven samurai", on: screen)
  #expect(screen.handle(.enter, size: size) == .redraw)
  #expect(screen.isShowingDetails)
  #expect(screen.filter == ("seven samurai", false))
  let text = TextBackend.text(of: screen.render(size: size, now: 0))
  #expect(text.contains("seven-samurai"))  // the card's own id, not the row's copy
  #expect(text.contains("World Cinema"))
}

@MainActor
@Test func enterInThePromptPicksTheBestMatchWhenPicking() {
  let screen = searchScreen()
  screen.actions = ScreenActions(isPicking: true)
  type("/ikiru", on: screen)
  #expect(screen.handle(.enter, size: size) == .pick)
  #expect(screen.pickedCards.map(\.face.id) == ["ikiru"])
  #expect(screen.pickedCards.first?.rowTitle != BestMatch.rowTitle)
}

/// Installed packages as `--group-by section` makes them: a row per
/// section, each card a package with its section and summary as fields.
private let packages: ShelfContent = {
  let listing = [
    ("libdevel", "libcurl4-openssl-dev", "development files and documentation for libcurl"),
    ("libs", "libcurl3-gnutls", "easy-to-use client-side URL transfer library (GnuTLS flavour)"),
    ("libs", "libcurl4", "easy-to-use client-side URL transfer library (OpenSSL flavour)"),
    ("devel", "llvm-tblgen", "Modular compiler and toolchain technologies, tblgen: target"),
    ("devel", "libctf0", "Compact C Type Format library (runtime, BFD dependency)"),
    ("libdevel", "libc6-dev", "GNU C Library: Development Libraries and Header Files"),
    ("web", "curl", "command line tool for transferring data with URL syntax"),
    ("utils", "tar", "GNU version of the tar archiving utility"),
  ]
  var rows: [CarouselRow] = []
  for (section, name, summary) in listing {
    let card = CardFace(
      id: name, title: name,
      fields: [.init(name: "section", value: section), .init(name: "summary", value: summary)])
    if let index = rows.firstIndex(where: { $0.id == section }) {
      rows[index].cards.append(card)
    } else {
      rows.append(CarouselRow(id: section, title: section, cards: [card]))
    }
  }
  return Fixtures.oneSection(title: "Packages", rows: rows)
}()

@MainActor
@Test func enterInThePromptPicksThePackageTheQueryNames() {
  for (query, expected) in [("curl", "curl"), ("^tar", "tar"), ("libc dev", "libc6-dev")] {
    let screen = screen(packages)
    screen.actions = ScreenActions(isPicking: true)
    type("/" + query, on: screen)
    #expect(screen.handle(.enter, size: size) == .pick)
    #expect(screen.pickedCards.map(\.face.id) == [expected], "\(query)")
  }
}

@MainActor
@Test func tabAndDownKeepTheFilterToBrowseIt() {
  for key in [Key.tab, .down] {
    let screen = searchScreen()
    type("/kurosawa", on: screen)
    #expect(screen.handle(key, size: size) == .redraw)
    #expect(screen.filter == ("kurosawa", false))
    #expect(screen.focusedIDs.row == ReservedID.bestMatches)
    #expect(!screen.isShowingDetails)
  }
}

@MainActor
@Test func ctrlETogglesExactWords() {
  let screen = searchScreen()
  type("/krsw", on: screen)
  #expect(screen.shownRowIDs.contains("kurosawa"))
  _ = screen.handle(.control("e"), size: size)
  #expect(screen.isExactSearch)
  #expect(screen.shownRowIDs.isEmpty)
  _ = screen.handle(.control("e"), size: size)
  #expect(screen.shownRowIDs.contains("kurosawa"))
}
