internal import CTesseract
import Synchronization

/// How many Tesseract engines and Leptonica images this process holds right now.
///
/// Every C handle is owned by one Swift object that counts itself in on creation and out in
/// `deinit`; a number that only grows across a batch means a handle is kept alive (a leak of
/// C memory that no Swift tool sees). Tests check it; it costs one atomic add per image.
public enum OCRResources {
    static let handles = Atomic<Int>(0)

    /// Live C handles (`TessBaseAPI*` and `PIX*`).
    public static var liveHandles: Int { handles.load(ordering: .relaxed) }

    /// Bytes the C heap has handed out and not taken back, over every thread (glibc's
    /// `mallinfo2`). Unlike the resident size it does not count memory freed but kept by the
    /// allocator, so suites running alongside disturb it only by what they hold at that moment.
    public static var heapBytesInUse: Int {
        let info = mallinfo2()
        return Int(info.uordblks) + Int(info.hblkhd)
    }

    static func opened() { handles.add(1, ordering: .relaxed) }
    static func closed() { handles.subtract(1, ordering: .relaxed) }
}
