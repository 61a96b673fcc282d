import Foundation

/// Writes `text` to `path` without ever replacing what is not a regular file: a new path or
/// a regular file gets an atomic write (a temporary file renamed over it); a symbolic link
/// to a regular file gets the same at the file it leads to, so the link stays; a device or
/// a FIFO, or a link to one, is opened and written through, so `--output /dev/null` run as
/// root leaves the device a device (issue 17, item 16). `--output`, `--record`, `--accept`
/// and the REPL's `:save` all write through here.
public func writeReplacingOnlyRegularFiles(_ text: String, to path: String) throws {
    var status = stat()
    guard lstat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG else {
        return try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
    if status.st_mode & S_IFMT == S_IFLNK, stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
        let target = realpath(path, nil)
    {
        defer { free(target) }
        return try Data(text.utf8).write(to: URL(fileURLWithPath: String(cString: target)), options: .atomic)
    }
    guard let handle = FileHandle(forWritingAtPath: path) else {
        throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
    }
    defer { try? handle.close() }
    try handle.write(contentsOf: Data(text.utf8))
}
