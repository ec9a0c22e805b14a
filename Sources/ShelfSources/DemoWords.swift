/// Words the demo generator makes new titles, authors and row names from.
enum DemoWords {
  private static let adjectives = [
    "Silent", "Hidden", "Last", "Burning", "Glass", "Northern", "Quiet", "Broken", "Golden",
    "Midnight", "Distant", "Paper", "Iron", "Winter", "Lost", "Electric", "Crimson", "Hollow",
    "Wandering", "Salt", "Velvet", "Second", "Secret", "Endless",
  ]
  private static let nouns = [
    "Orchard", "Harbor", "Cartographer", "Lighthouse", "Archive", "Garden", "River", "Atlas",
    "Station", "Kingdom", "Library", "Tide", "Orbit", "Cathedral", "Meridian", "Forest",
    "Observatory", "Labyrinth", "Frontier", "Engine", "Comet", "Island", "Theory", "Season",
  ]
  // "A %a" becomes "An" before a vowel: "An Iron River".
  private static let patterns = ["The %a %n", "%n of the %a %n", "A %a %n", "%a %n", "The %n's %n"]
  private static let firstNames = [
    "Ada", "Kenji", "Marisol", "Tomasz", "Ifeoma", "Lena", "Rafael", "Saoirse", "Yuki", "Omar",
    "Helena", "Priya", "Jonas", "Amara", "Mateo", "Ingrid", "Tariq", "Noor", "Felix", "Wen",
  ]
  private static let lastNames = [
    "Okafor", "Lindqvist", "Moreau", "Tanaka", "Alvarez", "Novak", "Haddad", "Byrne", "Kowalski",
    "Mensah", "Castellano", "Ishikawa", "Fischer", "Adeyemi", "Sorensen", "Varga", "Quinn", "Rao",
  ]
  /// Rows the demo adds, for a section without a title.
  private static let rowTitles = [
    "Trending Now", "New This Week", "Award Winners", "Hidden Gems", "Top Rated",
    "Back in Stock", "Book Club Favourites", "Readers Are Talking", "Critics' Choice",
    "Debut Authors",
  ]
  /// Rows the demo adds to a titled section, before its title ("Hidden Gems in ...").
  private static let sectionRowKinds = [
    "New in", "Trending in", "Hidden Gems in", "Top Rated in", "Back in Stock:",
    "Readers Are Talking:", "Critics' Choice:", "Just Added to",
  ]
  private static let summaryOpenings = [
    "A sweeping story of", "An intimate portrait of", "A darkly funny tale of",
    "A page-turning mystery about", "A quiet meditation on", "An epic adventure through",
  ]
  private static let summaryTopics = [
    "memory and loss", "a family's long-buried secret", "the last summer before the war",
    "a city that remembers everything", "friendship at the edge of the world",
    "the price of ambition", "a map that should not exist",
  ]

  private static func pick<G: RandomNumberGenerator>(_ words: [String], using random: inout G)
    -> String
  {
    words[Int.random(in: 0..<words.count, using: &random)]
  }

  static func title<G: RandomNumberGenerator>(using random: inout G) -> String {
    var title = ""
    var pattern = pick(patterns, using: &random)[...]
    while let percent = pattern.firstIndex(of: "%") {
      title += pattern[..<percent]
      let kind = pattern[pattern.index(after: percent)]
      title += pick(kind == "a" ? adjectives : nouns, using: &random)
      pattern = pattern[pattern.index(percent, offsetBy: 2)...]
    }
    title += pattern
    if title.hasPrefix("A "), let next = title.dropFirst(2).first, "AEIOU".contains(next) {
      title = "An " + title.dropFirst(2)
    }
    return title
  }

  static func author<G: RandomNumberGenerator>(using random: inout G) -> String {
    pick(firstNames, using: &random) + " " + pick(lastNames, using: &random)
  }

  /// Every title the demo may give a row of a section titled `section`:
  /// each names the section, so a row reads as part of its theme.
  static func rowTitles(for section: String?) -> [String] {
    guard let section, !section.isEmpty else { return rowTitles }
    return sectionRowKinds.map { "\($0) \(section)" }
  }

  static func summary<G: RandomNumberGenerator>(using random: inout G) -> String {
    pick(summaryOpenings, using: &random) + " " + pick(summaryTopics, using: &random) + "."
  }
}
