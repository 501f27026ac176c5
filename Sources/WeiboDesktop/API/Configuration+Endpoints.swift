public import WeiboKit
import WeiboPlatform

extension Configuration {
    /// The API's addresses as the configuration sets them.
    public var endpoints: WeiboEndpoints { WeiboEndpoints(apiBase: self.apiBase, remindBase: self.remindBase) }
}
