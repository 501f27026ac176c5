/// What the shell reports of the world around the account, as the notifier last heard it: the
/// login (read from the account file and the keyring), the network monitor's word, the
/// desktop's do-not-disturb, and the notification server. None of it is saved; each comes
/// again after a restart.
struct Surroundings: Sendable {
    /// The login as the shell last read it (nil until `started` gives it: the phase is then
    /// `starting`), or `.missing` once Weibo refused it or it ran out.
    var login: Login?
    /// What the network monitor says.
    var networkAvailable = true
    /// The desktop's do-not-disturb (whether it is followed is a setting).
    var doNotDisturb = DoNotDisturb()
    /// The notification server and the saved bubbles' ids waiting for it
    /// (`Notifier+NotificationServer`).
    var server = BubbleServer()
}
