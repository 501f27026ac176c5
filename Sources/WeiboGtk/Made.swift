/// What a GTK, GLib or Pango constructor returned. They return NULL only when memory is gone
/// (GLib aborts before that), so nil means a broken library: said by name, never unwrapped blind.
public func made<Pointer>(_ pointer: Pointer?, _ what: StaticString) -> Pointer {
    guard let pointer else { fatalError("could not make \(what)") }
    return pointer
}
