import Glibc
import Synchronization

/// A loopback port for a server that a test starts later (a login's callback listener), which
/// nothing else here takes first. Binding port 0 and closing it (the old way) left a port the
/// kernel hands out again: to the next client's connection, or to the other test processes
/// running beside this one. These come from below the kernel's ephemeral range (32768 and up,
/// where every client's and every port-0 server's ports come from), from a block of 20 of this
/// process's own (by its pid), and are free when asked for.
public enum LoopbackPort {
    private static let given = Atomic<Int>(0)

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    public static func free() throws -> Int {
        let block = 20_000 + Int(getpid() % 600) * 20
        for _ in 0..<20 {
            let port = block + given.add(1, ordering: .relaxed).oldValue % 20
            if isFree(port) { return port }
        }
        throw Failure(description: "no free port in \(block)..<\(block + 20)")
    }

    private static func isFree(_ port: Int) -> Bool {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return false }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = in_addr_t(UInt32(0x7f00_0001).bigEndian)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }
}
