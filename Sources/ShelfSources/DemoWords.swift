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
  private static let patterns = ["The %a %n", "%n of the %a %n", "A %a %n", "%a %n", "The %n's %n"]
  private static let firstNames = [
    "Ada", "Kenji", "Marisol", "Tomasz", "Ifeoma", "Lena", "Rafael", "Saoirse", "Yuki", "Omar",
    "Helena", "Priya", "Jonas", "Amara", "Mateo", "Ingrid", "Tariq", "Noor", "Felix", "Wen",
  ]
  private static let lastNames = [
    "Okafor", "Lindqvist", "Moreau", "Tanaka", "Alvarez", "Novak", "Haddad", "Byrne", "Kowalski",
    "Mensah", "Castellano", "Ishikawa", "Fischer", "Adeyemi", "Sorensen", "Varga", "Quinn", "Rao",
  ]
  private static let rowTitles = [
    "Trending Now", "New This Week", "Staff Picks", "Because You Read Mysteries",
    "Award Winners", "Hidden Gems", "Top Rated", "Back in Stock", "Book Club Favourites",
    "Under Four Hours", "Readers Are Talking", "Fresh Translations", "Comfort Reads",
    "Critics' Choice", "Weekend Binge", "Debut Authors",
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
    return title + pattern
  }

  static func author<G: RandomNumberGenerator>(using random: inout G) -> String {
    pick(firstNames, using: &random) + " " + pick(lastNames, using: &random)
  }

  static func rowTitle<G: RandomNumberGenerator>(using random: inout G) -> String {
    pick(rowTitles, using: &random)
  }

  static func summary<G: RandomNumberGenerator>(using random: inout G) -> String {
    pick(summaryOpenings, using: &random) + " " + pick(summaryTopics, using: &random) + "."
  }
}
