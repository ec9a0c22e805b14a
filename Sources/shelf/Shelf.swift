import Foundation

/// The `shelf` command: arguments, wiring and exit codes.
@main
struct Shelf {
  static let version = "0.1.0"

  static func main() {
    let arguments = CommandLine.arguments.dropFirst()
    if arguments.first == "--version" {
      print("shelf \(version)")
      return
    }
    FileHandle.standardError.write(Data("usage: shelf [--version]\n".utf8))
    exit(64)
  }
}
