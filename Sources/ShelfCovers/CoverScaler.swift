import ShelfUI

/// Scales decoded pictures to a cover area's pixels, for a terminal that
/// draws pictures: each pixel the average of the source pixels it covers
/// (the nearest one when scaling up), over black where a pixel is clear.
public enum CoverScaler {
  /// The most pixels a side of a scaled cover has.
  public static let maximumSide = 1024

  /// `picture` stretched to `width` x `height` pixels (each side at most
  /// `maximumSide`), as RGB.
  public static func pixels(of picture: CoverPicture, width: Int, height: Int) -> CoverPixels {
    let width = min(max(0, width), maximumSide)
    let height = min(max(0, height), maximumSide)
    guard width > 0, height > 0, picture.width > 0, picture.height > 0 else {
      return CoverPixels(
        width: width, height: height, rgb: [UInt8](repeating: 0, count: width * height * 3))
    }
    var rgb = [UInt8](repeating: 0, count: width * height * 3)
    let columns = (0...width).map { $0 * picture.width / width }
    picture.rgba.withUnsafeBufferPointer { source in
      for y in 0..<height {
        let top = y * picture.height / height
        let bottom = max(top + 1, (y + 1) * picture.height / height)
        for x in 0..<width {
          let left = columns[x]
          let right = max(left + 1, columns[x + 1])
          var red = 0
          var green = 0
          var blue = 0
          for row in top..<bottom {
            var index = (row * picture.width + left) * 4
            for _ in left..<right {
              let alpha = Int(source[index + 3])
              red += Int(source[index]) * alpha
              green += Int(source[index + 1]) * alpha
              blue += Int(source[index + 2]) * alpha
              index += 4
            }
          }
          let count = (bottom - top) * (right - left) * 255
          let target = (y * width + x) * 3
          rgb[target] = UInt8((red + count / 2) / count)
          rgb[target + 1] = UInt8((green + count / 2) / count)
          rgb[target + 2] = UInt8((blue + count / 2) / count)
        }
      }
    }
    return CoverPixels(width: width, height: height, rgb: rgb)
  }
}
