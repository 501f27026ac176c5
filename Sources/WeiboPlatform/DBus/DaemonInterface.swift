import CGLib

/// The daemon's D-Bus interface as its callers and the daemon share it: `io.github.WeiboNotifier1`
/// described once (the daemon exports it; the popup, the settings window and the command line
/// check each answer against its shape), and the error of a request that could not be carried out.
public enum DaemonInterface {
    public static let introspection = """
        <node>
          <interface name="io.github.WeiboNotifier1">
            <method name="Refresh"/>
            <method name="ShowSummary"/>
            <method name="ShowComments"/>
            <method name="ShowMentions"/>
            <method name="ShowPopup"><arg name="kind" type="s" direction="in"/></method>
            <method name="ShowSettings"><arg name="page" type="s" direction="in"/></method>
            <method name="GetItems"><arg name="kind" type="s" direction="in"/><arg name="count" type="u" direction="in"/><arg name="items" type="s" direction="out"/></method>
            <method name="GetPicture"><arg name="url" type="s" direction="in"/><arg name="path" type="s" direction="out"/></method>
            <method name="MarkSeen"><arg name="kind" type="s" direction="in"/></method>
            <method name="ShowPopupAccount"><arg name="kind" type="s" direction="in"/><arg name="uid" type="s" direction="in"/></method>
            <method name="GetItemsAccount"><arg name="kind" type="s" direction="in"/><arg name="count" type="u" direction="in"/><arg name="uid" type="s" direction="in"/><arg name="items" type="s" direction="out"/></method>
            <method name="MarkSeenAccount"><arg name="kind" type="s" direction="in"/><arg name="uid" type="s" direction="in"/></method>
            <method name="Reply"><arg name="comment_id" type="x" direction="in"/><arg name="status_id" type="x" direction="in"/><arg name="text" type="s" direction="in"/><arg name="author" type="s" direction="in"/><arg name="uid" type="s" direction="in"/></method>
            <method name="LogIn"/>
            <method name="MarkRead"/>
            <method name="CheckNow"/>
            <method name="Pause"><arg name="seconds" type="u" direction="in"/></method>
            <method name="Resume"/>
            <method name="GetCounts"><arg name="counts" type="a{su}" direction="out"/></method>
            <method name="GetStatus"><arg name="status" type="a{sv}" direction="out"/></method>
            <method name="RefreshAccount"><arg name="uid" type="s" direction="in"/></method>
            <method name="MarkReadAccount"><arg name="uid" type="s" direction="in"/></method>
            <method name="GetAccounts"><arg name="accounts" type="a(ssa{su})" direction="out"/></method>
            <signal name="CountsChanged"><arg name="counts" type="a{su}"/></signal>
            <signal name="StateChanged"><arg name="state" type="s"/></signal>
          </interface>
        </node>
        """

    /// The GVariant type of each method's answer (`GetItems`: `(s)`), from the description above:
    /// what a caller checks the daemon's answer against.
    private static let replyShapes: [String: String] = {
        guard let node = g_dbus_node_info_new_for_xml(introspection, nil) else { return [:] }
        defer { g_dbus_node_info_unref(node) }
        guard let interface = node.pointee.interfaces?.pointee, let methods = interface.pointee.methods else { return [:] }
        var shapes: [String: String] = [:]
        var index = 0
        while let method = methods[index] {
            var types = ""
            var argument = 0
            while let out = method.pointee.out_args?[argument] {
                types += String(cString: out.pointee.signature)
                argument += 1
            }
            shapes[String(cString: method.pointee.name)] = "(\(types))"
            index += 1
        }
        return shapes
    }()

    /// The type of `method`'s answer; `()` for a method the interface does not have.
    public static func replyShape(of method: String) -> String { replyShapes[method] ?? "()" }

    /// The D-Bus error of a request that could not be carried out (`Refresh` without an answer).
    public static let failedError = "io.github.WeiboNotifier1.Error.Failed"
}
