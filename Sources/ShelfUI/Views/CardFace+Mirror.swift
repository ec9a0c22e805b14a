/// A card shows its fields, not its shared box, wherever it is printed or
/// inspected: `print`, `dump`, a debugger and a failing test's message.
extension CardFace: CustomReflectable, CustomDebugStringConvertible {
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "id": id, "title": title, "subtitle": subtitle, "year": year as Any,
        "rating": rating as Any, "summary": summary, "tags": tags, "url": url, "image": image,
        "fields": Array(fields),
      ], displayStyle: .struct)
  }

  /// `CardFace(id: "a", title: "Dune", …)`, naming only the fields that are
  /// set beyond `id` and `title`.
  public var debugDescription: String {
    var parts = ["id: \(id.debugDescription)", "title: \(title.debugDescription)"]
    if !subtitle.isEmpty { parts.append("subtitle: \(subtitle.debugDescription)") }
    if let year { parts.append("year: \(year)") }
    if let rating { parts.append("rating: \(rating)") }
    if !summary.isEmpty { parts.append("summary: \(summary.debugDescription)") }
    if !tags.isEmpty { parts.append("tags: \(tags)") }
    if !url.isEmpty { parts.append("url: \(url.debugDescription)") }
    if !image.isEmpty { parts.append("image: \(image.debugDescription)") }
    if !fields.isEmpty {
      let list = fields.map { "\($0.name.debugDescription): \($0.value.debugDescription)" }
      parts.append("fields: [\(list.joined(separator: ", "))]")
    }
    return "CardFace(\(parts.joined(separator: ", ")))"
  }
}
