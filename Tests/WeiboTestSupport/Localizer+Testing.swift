import Foundation
import WeiboDesktop
public import WeiboKit
import WeiboPlatform

extension Localizer {
    /// English (the message ids), or Chinese from the catalog `make test` compiled into
    /// `.build/locale`, through glibc's gettext as the program does. Chinese needs the
    /// zh_CN.UTF-8 locale (`make deps` generates it); without it the text stays English, and
    /// `LocalizationTests` says why.
    public static func testing(_ language: Language) -> Localizer {
        language == .english ? Localizer() : chineseForTests
    }
}

private let chineseForTests: Localizer = {
    Gettext.bind(localeDirectory: FixtureFiles.packageRoot().path + "/.build/locale")
    return GettextCatalog(localeNamed: "zh_CN.UTF-8").map { Localizer($0) } ?? Localizer()
}()
