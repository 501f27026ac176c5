import Testing
import WeiboKit

/// The tray icon's registration with the watcher, as tables of events and the effects that
/// follow: a refused registration tried again, a registered one held quiet and then checked,
/// one the tray dropped registered again, and never a loop.
@Suite struct TrayRegistrationTests {
    typealias Event = TrayRegistration.Event
    typealias Effect = TrayRegistration.Effect

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var steps: [(Event, [Effect])]
        var testDescription: String { name }
    }

    static let hold = Effect.holdSignals(milliseconds: TrayRegistration.holdMilliseconds)
    static let check = Effect.checkLater(seconds: TrayRegistration.checkSeconds)
    static let again = Effect.log("the tray does not list the icon; registering again")

    static let cases: [Case] = [
        Case(
            name: "a watcher takes the item: signals held, then the list checked",
            steps: [(.watcherAppeared, [.cancelTimers, .register]), (.registered, [hold, check]), (.listed(true), [])]),
        Case(
            name: "GNOME dropped the item it was reading: registered again, and checked again",
            steps: [
                (.watcherAppeared, [.cancelTimers, .register]), (.registered, [hold, check]), (.listed(false), [again, .register]),
                (.registered, [hold, check]), (.listed(true), []),
            ]),
        Case(
            name: "the watcher says it dropped the item",
            steps: [(.registered, [hold, check]), (.listed(false), [again, .register])]),
        Case(
            name: "a tray that keeps dropping it: three tries at once, then 5 s apart, doubling to a minute, until it is listed",
            steps: [
                (.listed(false), [again, .register]), (.listed(false), [again, .register]), (.listed(false), [again, .register]),
                (.listed(false), [.log("the tray keeps dropping the icon; registering again at longer intervals"), .registerLater(seconds: 5)]),
                (.registered, [hold, check]), (.listed(false), [.registerLater(seconds: 10)]), (.listed(false), [.registerLater(seconds: 20)]),
                (.listed(false), [.registerLater(seconds: 40)]), (.listed(false), [.registerLater(seconds: 60)]),
                (.listed(false), [.registerLater(seconds: 60)]), (.hostRegistered, [check]),
                (.listed(true), []), (.listed(false), [again, .register]),
            ]),
        Case(
            name: "a listed item resets the count of drops",
            steps: [
                (.listed(false), [again, .register]), (.listed(false), [again, .register]), (.listed(true), []),
                (.listed(false), [again, .register]), (.listed(false), [again, .register]), (.listed(false), [again, .register]),
            ]),
        Case(
            name: "a watcher that does not list its items is believed",
            steps: [(.registered, [hold, check]), (.listed(nil), []), (.hostRegistered, [check]), (.listed(nil), [])]),
        Case(
            name: "a host that registers later has the list checked",
            steps: [(.hostRegistered, [check]), (.listed(true), [])]),
        Case(
            name: "a refused registration is tried again, a second apart, five times in all",
            steps: [
                (.watcherAppeared, [.cancelTimers, .register]), (.refused("no object"), [.registerLater(seconds: 1)]),
                (.refused("no object"), [.registerLater(seconds: 1)]), (.refused("no object"), [.registerLater(seconds: 1)]),
                (.refused("no object"), [.registerLater(seconds: 1)]), (.refused("no object"), [.log("the tray did not take the icon: no object")]),
            ]),
        Case(
            name: "a new watcher starts afresh and stops the old one's timers",
            steps: [
                (.refused("x"), [.registerLater(seconds: 1)]), (.watcherVanished, [.cancelTimers]), (.watcherAppeared, [.cancelTimers, .register]),
                (.refused("x"), [.registerLater(seconds: 1)]),
            ]),
    ]

    @Test(arguments: cases) func registration(_ example: Case) {
        var registration = TrayRegistration()
        for (index, (event, effects)) in example.steps.enumerated() {
            #expect(registration.handle(event) == effects, "step \(index + 1): \(event)")
        }
    }

    /// The entries of `RegisteredStatusNotifierItems` that are this item, as each watcher writes them.
    @Test(
        arguments: [
            ("org.kde.StatusNotifierItem-42-1", true), ("org.kde.StatusNotifierItem-42-1/StatusNotifierItem", true),
            ("org.kde.StatusNotifierItem-42-1@/StatusNotifierItem", true), (":1.7/StatusNotifierItem", true), (":1.7", true),
            ("org.kde.StatusNotifierItem-42-10", false), (":1.70/StatusNotifierItem", false), ("org.kde.StatusNotifierItem-4-1", false), ("", false),
        ] as [(String, Bool)])
    func entriesThatAreThisItem(_ entry: String, _ own: Bool) {
        #expect(TrayRegistration.names(entry, busName: "org.kde.StatusNotifierItem-42-1", uniqueName: ":1.7") == own)
    }
}
