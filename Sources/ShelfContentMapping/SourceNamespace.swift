import ShelfCatalog

/// The ids of one of several sources shown together, kept apart from every
/// other source's: the section and row ids of source *n* (from 0) are
/// prefixed with `n+1:`. Prefixes end at their first colon and hold only
/// digits, so no prefixed id of one source can equal one of another source.
public struct SourceNamespace: Hashable, Sendable {
  /// The source's place among the sources, from 0.
  public let index: Int
  /// The source's name for its section headers (`books.json`), so that
  /// sections of several sources can be told apart; nil for none.
  public let label: String?
  /// The folder the source's relative cover paths start from (its catalog
  /// file's); empty leaves them as they are.
  public let imageDirectory: String

  /// The namespace of the source at `index`, labelled `label` in headers,
  /// its relative cover paths starting from `imageDirectory`.
  public init(index: Int, label: String? = nil, imageDirectory: String = "") {
    self.index = index
    self.label = label
    self.imageDirectory = imageDirectory
  }

  /// Cover `image` as this source means it: a relative path put under
  /// `imageDirectory`; an absolute path, a URL or no image unchanged.
  public func image(_ image: String) -> String {
    guard !imageDirectory.isEmpty, !image.isEmpty, !image.hasPrefix("/"),
      !image.hasPrefix("http://"), !image.hasPrefix("https://")
    else { return image }
    return imageDirectory.hasSuffix("/") ? imageDirectory + image : imageDirectory + "/" + image
  }

  /// A section's header title in this namespace: `Featured · books.json`,
  /// the label alone for an untitled section; unchanged with no label.
  public func headerTitle(_ title: String?) -> String? {
    guard let label else { return title }
    guard let title, !title.isEmpty else { return label }
    return title + " · " + label
  }

  /// What comes before each id.
  public var prefix: String { "\(index + 1):" }

  /// `id` in this namespace.
  public func scoped(_ id: String) -> String { prefix + id }
}
