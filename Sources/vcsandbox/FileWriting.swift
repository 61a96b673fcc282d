import Foundation

/// Writes `text` to `path` without ever replacing what is not a regular file: a new path or
/// a regular file gets an atomic write (a temporary file renamed over it), while a device,
/// a FIFO or a symbolic link is opened and written through, so `--output /dev/null` run as
/// root leaves the device a device (issue 17, item 16).
func writeReplacingOnlyRegularFiles(_ text: String, to path: String) throws {
    var status = stat()
    let exists = lstat(path, &status) == 0
    guard exists, status.st_mode & S_IFMT != S_IFREG else {
        return try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
    guard let handle = FileHandle(forWritingAtPath: path) else {
        throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
    }
    defer { try? handle.close() }
    try handle.write(contentsOf: Data(text.utf8))
}
