import CGLib
import Glibc

/// The lines written to a descriptor (a status bar's clicks on standard input), each handed to
/// `line` on the main loop as it ends; reads never block. A line longer than `limit` bytes is
/// dropped whole. The watch ends with the descriptor's end (or this object).
public final class InputLines {
    private var source: GLibSource?
    private var pending: [UInt8] = []
    private var dropping = false
    private let limit: Int

    public init(descriptor: Int32, limit: Int = 4096, line: @escaping (String) -> Void) {
        self.limit = limit
        let flags = fcntl(descriptor, F_GETFL)
        if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) }
        let conditions = GIOCondition(rawValue: G_IO_IN.rawValue | G_IO_HUP.rawValue | G_IO_ERR.rawValue)
        source = GLibSource.fileDescriptor(descriptor, conditions) { [weak self] in
            guard let self else { return false }
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
                if count > 0 {
                    self.take(buffer[..<count], line)
                } else if count < 0, errno == EINTR {
                    continue
                } else if count < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                    return true
                } else {
                    // The end, or an error: nothing more comes.
                    self.source = nil
                    return false
                }
            }
        }
    }

    private func take(_ bytes: ArraySlice<UInt8>, _ line: (String) -> Void) {
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                if !dropping { line(String(decoding: pending, as: UTF8.self)) }
                pending.removeAll(keepingCapacity: true)
                dropping = false
            } else if pending.count < limit {
                pending.append(byte)
            } else {
                dropping = true
            }
        }
    }
}
