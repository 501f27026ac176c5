import Testing
import WeiboKit
import WeiboTestSupport

/// The table every setting is declared in: its rules, as tables of texts and what they read as.
@Suite struct SettingsTableTests {
    @Test func eachSettingIsNamedOnceAndItsDefaultReadsBackAsTheDefault() {
        let ids = SettingsTable.all.map(\.id)
        #expect(Set(ids).count == ids.count, "no setting twice")
        for setting in SettingsTable.all {
            var configuration = Configuration()
            #expect(setting.read(setting.defaultText, into: &configuration) == nil, "\(setting.id)'s default is one of its values")
            #expect(configuration == Configuration(), "\(setting.id)'s default text is its default")
            #expect(SettingsTable.setting(named: setting.id)?.id == setting.id)
            #expect(SettingsTable.setting(named: setting.key)?.id == setting.id, "the key alone names it while it is unique")
            #expect(!setting.summary.description.isEmpty && !setting.summary.description.contains("\n"), "one line for \(setting.id)")
        }
        #expect(SettingsTable.setting(named: "notifier.app_key") == nil && SettingsTable.setting(named: "colour") == nil)
    }

    /// A choice is shown in words, never the file's token, and in Chinese under zh_CN; the
    /// file and `config set` keep the tokens.
    @Test func everyChoiceHasWordsInBothLanguages() {
        var seen = 0
        for setting in SettingsTable.all {
            guard case .choice(let words) = setting.rule else { continue }
            for word in words {
                let english = word.label.text(Localizer())
                let chinese = word.label.text(Localizer.testing(.chinese))
                #expect(english != word.word && !english.isEmpty, "\(setting.id): \(word.word)")
                #expect(chinese != english, "\(setting.id): '\(english)' in Chinese")
                var configuration = Configuration()
                #expect(setting.read(word.word, into: &configuration) == nil, "\(setting.id) takes '\(word.word)'")
                seen += 1
            }
            #expect(Set(words.map { $0.label.text(Localizer()) }).count == words.count, "\(setting.id)'s labels tell its words apart")
        }
        #expect(seen >= 16)
    }

    @Test(
        arguments: [
            ("interval", "120", "120", nil), ("interval", " 45 ", "45", nil), ("interval", "soon", nil, "'soon' is not a whole number of seconds"),
            ("interval", "10", nil, "10 s is too often; 30 s or more"), ("interval", "2 min", "120", nil),
            ("interval", "10 s", nil, "10 s is too often; 30 s or more"),
            ("interval", "5", nil, "5 s is too often; 30 s or more"), ("interval", "-5", nil, "'-5' is not a whole number of seconds"),
            ("interval", "99999999999999999999", nil, "99999999999999999999 s is too long; 86400 s (a day) at most"),
            ("follow_dnd", "false", "false", nil), ("follow_dnd", "yes", nil, "'yes' is neither true nor false"),
            ("notify", "cmt, dm;cmt", "cmt;dm", nil), ("notify", "", "", nil), ("notify", "likes", nil, "unknown counter 'likes'"),
            ("sound", "messages;posts", "posts;messages", nil), ("sound", "all", nil, "unknown kind 'all'"),
            ("quiet_hours", "9:00-17:30", "09:00-17:30", nil), ("quiet_hours", "", "", nil), ("quiet_hours", "late", nil, "'late' is not a time range"),
            ("bubbles", "single", "single", nil), ("bubbles", "sometimes", nil, "'sometimes' is not one of: per-kind, single"),
            ("detail_calls_per_day", "0", "0", nil), ("detail_calls_per_day", "101", nil, "'101' is not a whole number from 0 to 100"),
            ("api_base", "http://127.0.0.1:8080", "http://127.0.0.1:8080", nil), ("api_base", "ftp://example.com", nil, "is not an http(s) URL"),
            ("api_base", "https://", nil, "is not an http(s) URL"), ("api_base", "https://a b", nil, "is not an http(s) URL"),
            ("tls_ca_file", "/etc/ca.pem", "/etc/ca.pem", nil), ("tls_ca_file", "ca.pem", nil, "is not an absolute path"),
            ("popup_corner", "bottom-left", "bottom-left", nil), ("token_store", "cloud", nil, "'cloud' is not one of: auto, keyring, file"),
            // A paste's line break around a value goes; one inside is refused, in every kind of setting.
            ("app_key", "2975361648\r\n", "2975361648", nil), ("app_key", "\t12345 \n", "12345", nil),
            ("app_key", "9\r\n[notifier]\r\ninterval=31", nil, "a control character (U+000D) is not allowed"),
            ("tls_ca_file", "/etc/ca.pem\nquiet_hours=00:00-23:59", nil, "a control character (U+000A)"),
            ("api_base", "https://api.weibo.com\u{85}", nil, "a control character (U+0085)"),
            ("quiet_hours", "22:00\u{0}-07:00", nil, "a control character (U+0000)"),
            ("redirect_uri", "http://127.0.0.1:8939/\u{2028}x", nil, "a control character (U+2028)"),
            ("interval", "6\u{7F}0", nil, "a control character (U+007F)"),
        ] as [(String, String, String?, String?)])
    func valuesAreReadByTheirRule(_ key: String, _ text: String, _ written: String?, _ problem: String?) throws {
        let setting = try #require(SettingsTable.setting(named: key))
        var configuration = Configuration()
        let refused = setting.read(text, into: &configuration)
        #expect(refused?.description.contains(problem ?? "") ?? (problem == nil), "\(key)=\(text): \(refused?.description ?? "accepted")")
        #expect((refused == nil) == (problem == nil), "\(key)=\(text): \(refused?.description ?? "accepted")")
        if let written { #expect(setting.text(in: configuration) == written) }
        if refused != nil { #expect(configuration == Configuration(), "a refused value changes nothing") }
    }

    /// Intervals under 30 s are for an API on this machine only.
    @Test func shortIntervalsOnlyAgainstASandbox() throws {
        var configuration = Configuration()
        #expect(SettingsTable.shared.interval.erased.read("5", in: SettingContext(isSandbox: true), into: &configuration) == nil)
        #expect(configuration.interval == 5)
        #expect(SettingsTable.shared.interval.erased.problem(with: "5", in: SettingContext(isSandbox: false)) != nil)
    }

    /// The core's settings come from the table, not from a hand-written copy.
    @Test func theCoresSettingsFollowTheTable() {
        var configuration = Configuration()
        configuration.interval = 90
        configuration.notify = [.cmt, .dm]
        configuration.countOnly = [.dm, .status]
        configuration.quietHours = QuietHours(start: 60, end: 120)
        configuration.bubbles = .single
        configuration.preview = .sender
        configuration.sound = [.posts]
        configuration.followDoNotDisturb = false
        configuration.doNotDisturbAllows = [.messages]
        configuration.trayHideAtZero = true
        configuration.detailCallsPerDay = 7
        configuration.emoticons = .text
        configuration.appSecret = "a secret"
        configuration.popupCorner = .bottomLeft
        let settings = NotifierSettings(configuration)
        #expect(settings.appSecret.isEmpty && settings.popupCorner == .topRight, "the core carries its own settings only")
        #expect(settings.interval == 90 && NotifierSettings(configuration, interval: 20).interval == 20)
        #expect(settings.policy == UnreadPolicy(notify: [.cmt, .dm], countOnly: [.status]), "a counter notified is not also only counted")
        #expect(settings.quietHours == QuietHours(start: 60, end: 120) && settings.bubbles == .single && settings.preview == .sender)
        #expect(settings.sound == [.posts] && !settings.followDoNotDisturb && settings.doNotDisturbAllows == [.messages])
        #expect(settings.trayHideAtZero && settings.detailCallsPerDay == 7 && settings.emoticons == .text)
        let defaults = NotifierSettings(Configuration())
        #expect(defaults == NotifierSettings(interval: 60), "the table's defaults are the core's")
    }

    /// A value is kept by its setting: the default until set, and a value set back to the
    /// default is no change at all.
    @Test func aValueIsItsSettingsDefaultUntilSet() {
        var configuration = Configuration()
        #expect(configuration.tlsCAFile == nil && configuration.interval == 60 && configuration.sound == [.comments, .mentions, .messages])
        configuration.tlsCAFile = "/etc/ca.pem"
        configuration.interval = 120
        #expect(configuration.tlsCAFile == "/etc/ca.pem" && configuration.interval == 120 && configuration != Configuration())
        #expect(configuration.values[SettingsTable.shared.interval] == 120, "read by the setting or by its name alike")
        configuration.tlsCAFile = nil
        configuration.interval = 60
        #expect(configuration == Configuration(), "set back to the defaults")
        #expect(SettingsTable.all.count == 27 && SettingsTable.all.first?.id == "weibo.app_key" && SettingsTable.all.last?.id == "notifier.emoticons")
    }

    @Test func theCommentedFileDocumentsEverySettingAndReadsAsTheDefaults() {
        let file = SettingsTable.commentedFile()
        var text = KeyFileText(file)
        for setting in SettingsTable.all {
            #expect(file.contains("\n#\(setting.key)=\(setting.isSecret ? "" : setting.defaultText)\n"), "\(setting.id)")
            #expect(file.contains(setting.summary.description.split(separator: " ").prefix(3).joined(separator: " ")), "\(setting.id)'s words")
            text.set(group: setting.group.rawValue, key: setting.key, value: setting.defaultText)
        }
        #expect(file.split(separator: "\n").allSatisfy { $0.count <= 100 || !$0.contains(" ") }, "comment lines wrapped")
        #expect(text.lines.count == file.split(separator: "\n", omittingEmptySubsequences: false).count - 1 + SettingsTable.all.count)
    }

    @Test func theManualSectionNamesEverySettingInRoff() {
        let section = SettingsTable.manualSection
        #expect(section.hasPrefix(".SH CONFIGURATION\n"))
        for setting in SettingsTable.all {
            let key = setting.key.replacing("-", with: "\\-")
            #expect(section.contains(".BR \(key) \" = "), "\(setting.id)")
        }
        #expect(!section.split(separator: "\n").contains { $0.hasPrefix("'") }, "no line taken for a request")
    }
}

/// A number's field in the settings window: the values it offers and its step.
@Suite struct NumberFieldTests {
    @Test(arguments: [(false, 30, 86_400, 60), (true, 1, 86_400, 60)])
    func theIntervalOffersItsRangeFromTheSandboxsMinimum(_ sandbox: Bool, _ lowest: Int, _ highest: Int, _ step: Int) throws {
        let field = try #require(SettingsTable.shared.interval.erased.rule.numberField(in: SettingContext(isSandbox: sandbox)))
        #expect(field.range == lowest...highest && field.step == step)
    }

    @Test func aCountStepsByOneAndOtherRulesHaveNoNumberField() throws {
        let calls = try #require(SettingsTable.shared.detailCallsPerDay.erased.rule.numberField(in: SettingContext(isSandbox: true)))
        #expect(calls.range == 0...100 && calls.step == 1)
        #expect(SettingsTable.shared.quietHours.erased.rule.numberField(in: SettingContext()) == nil)
    }
}

/// The counters' modes, read from and written to the four settings that hold them.
@Suite struct CounterModeTests {
    /// Table: the file's lines → each counter's mode, in `UnreadCounter.allCases`' order (notify
    /// wins where both lists name one; strangers' messages and likes are counted by default).
    @Test(
        arguments: [
            ("", "", nil, nil, [CounterMode.off, .off, .off, .off, .off, .off, .count, .count]),
            ("status;cmt", "dm", nil, nil, [.notify, .notify, .off, .off, .count, .off, .count, .count]),
            ("dm", "dm;follower", "notify", "off", [.off, .off, .off, .off, .notify, .count, .notify, .off]),
            ("", "", "off", "notify", [.off, .off, .off, .off, .off, .off, .off, .notify]),
        ] as [(String, String, String?, String?, [CounterMode])])
    func modesAreReadFromTheirSettings(_ notify: String, _ countOnly: String, _ strangers: String?, _ likes: String?, _ modes: [CounterMode]) {
        var configuration = Configuration()
        #expect(SettingsTable.shared.notify.erased.read(notify, into: &configuration) == nil)
        #expect(SettingsTable.shared.countOnly.erased.read(countOnly, into: &configuration) == nil)
        if let strangers { #expect(SettingsTable.shared.strangersMessages.erased.read(strangers, into: &configuration) == nil) }
        if let likes { #expect(SettingsTable.shared.likes.erased.read(likes, into: &configuration) == nil) }
        #expect(UnreadCounter.allCases.map { CounterMode.of($0, in: configuration) } == modes)
    }

    /// The two lists name only the six classic counters: the other two have a setting each.
    @Test(arguments: ["msgbox", "attitude", "status;msgbox"])
    func theListsRefuseTheCountersWithASettingOfTheirOwn(_ text: String) {
        var configuration = Configuration()
        #expect(SettingsTable.shared.notify.erased.read(text, into: &configuration) != nil)
        #expect(SettingsTable.shared.countOnly.erased.read(text, into: &configuration) != nil)
    }

    @Test(arguments: [(false, 7), (true, 8)])
    func theLikesRowExistsOnlyWhenWeiboGivesLikes(_ given: Bool, _ rows: Int) {
        let counters = UnreadCounter.settingsRows(likesGiven: given)
        #expect(counters.count == rows && counters.contains(.attitude) == given && counters.contains(.msgbox))
    }

    @Test func modesAreWrittenInTheCountersOrderAndTheDefaultsReadBack() {
        let values = CounterMode.settingValues([.dm: .count, .status: .notify, .follower: .off, .cmt: .notify, .msgbox: .off])
        #expect(values.map(\.setting.id) == ["notifier.notify", "notifier.count_only", "notifier.strangers_messages"], "likes untouched")
        #expect(values.map(\.text) == ["status;cmt", "dm", "off"])
        #expect(CounterMode.settingValues([.msgbox: .count]).map(\.text) == ["", "", nil], "at its default: the line removed")
        let defaults = Configuration()
        #expect(CounterMode.atDefaults(defaults))
        let modes = Dictionary(uniqueKeysWithValues: UnreadCounter.allCases.map { ($0, CounterMode.of($0, in: defaults)) })
        var again = Configuration()
        for case (let setting, let text?) in CounterMode.settingValues(modes) { #expect(setting.read(text, into: &again) == nil) }
        #expect(CounterMode.atDefaults(again))
        for counter in UnreadCounter.allCases {
            #expect(counter.settingsTitle.text(Localizer.testing(.chinese)) != counter.settingsTitle.text(Localizer()), "\(counter) in Chinese")
        }
    }
}

/// The set-up check's findings: the terminal's lines, the JSON the window reads, the buttons.
@Suite struct SetupFindingTests {
    @Test(arguments: [
        (SetupFinding(.good, "session bus"), "✓ session bus"),
        (SetupFinding(.missing, "not logged in", fix: .logIn), "✗ not logged in\n    → weibo-notifier login"),
        (SetupFinding(.note, "no network route", fix: .advice("connect")), "• no network route\n    → connect"),
        (SetupFinding(.setting, "[notifier] interval: default (60)"), "    [notifier] interval: default (60)"),
    ])
    func findingsReadAsLinesAndComeBackFromJSON(_ finding: SetupFinding, _ lines: String) {
        #expect(finding.terminalLines == lines)
        #expect(SetupFinding.read(json: SetupFinding.json([finding, finding])) == [finding, finding])
    }

    @Test func onlyAFixTheWindowCanDoHasAButton() {
        #expect(SetupFix.logIn.buttonLabel?.text(Localizer()) == "Log in…")
        #expect(SetupFix(.correctSetting, terminal: "config set", setting: "interval").buttonLabel?.text(Localizer.testing(.chinese)) == "显示该设置")
        #expect(SetupFix.advice("check the network").buttonLabel == nil)
        #expect(SetupFinding.read(json: "✓ session bus") == nil, "the terminal's text is no JSON")
    }
}
