/// The documents made from the table: the commented file written at first use, the man page's
/// CONFIGURATION section, and the lines of `config --help`.
extension SettingsTable {
    /// The configuration file written at first use: every setting commented out with its default,
    /// under a line saying what it does and what it takes, in the localizer's language.
    public static func commentedFile(_ localizer: Localizer = Localizer()) -> String {
        var lines = [
            localizer.tr("# Weibo Notifier configuration (a GLib key file)."),
            localizer.tr("# A key left commented out keeps the default shown after '='."),
            localizer.tr("# 'weibo-notifier config set KEY VALUE' changes one and keeps the rest of this file as it is."),
        ]
        for group in SettingGroup.allCases {
            lines += ["", "[\(group.rawValue)]"]
            for setting in all where setting.group == group {
                let words = setting.summary.text(localizer) + " (" + setting.rule.words.text(localizer) + ")"
                lines += TextWrapper.wrap(words, width: 96).map { "# " + $0 }
                lines.append("#\(setting.key)=\(setting.isSecret ? "" : setting.defaultText)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// What a change of `setting` waits for, in words.
    public static func changeWords(_ setting: AnySetting) -> LocalizableMessage {
        switch setting.change {
        case .atOnce: return .tr("applies at once")
        case .nextLogin: return .tr("used at the next login")
        case .nextStart: return .tr("read when the notifier starts")
        }
    }

    /// The man page's CONFIGURATION section, in roff (English: the man page is).
    public static var manualSection: String {
        let english = Localizer()
        var lines = [
            ".SH CONFIGURATION",
            "Settings are read from",
            ".I $XDG_CONFIG_HOME/weibo-notifier/config",
            "over",
            ".IR $XDG_CONFIG_DIRS/weibo-notifier/config ,",
            "key by key (GLib key files). A bad value is reported with its file, group and key, and the",
            "default applies to that key alone.",
            ".B weibo-notifier config set",
            "changes one key and keeps the rest of the file as written; the running notifier applies it at once.",
        ]
        for group in SettingGroup.allCases {
            lines.append(".SS [\(group.rawValue)]")
            for setting in all where setting.group == group {
                let defaultWords = setting.defaultText.isEmpty || setting.isSecret ? "empty" : setting.defaultText
                lines.append(".TP")
                lines.append(".BR \(roff(setting.key)) \" = \(roff(defaultWords))\"")
                lines.append(roff(setting.summary.text(english)))
                lines.append(roff(setting.rule.words.text(english).capitalizedFirst + "; " + changeWords(setting).text(english) + "."))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Text as roff reads it: hyphens that are meant, backslashes kept, no line taken for a request.
    static func roff(_ text: String) -> String {
        let escaped = text.replacingText("\\", with: "\\e").replacingText("-", with: "\\-").replacingText("\"", with: "\\(dq")
        return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
    }
}

extension String {
    /// The string with its first character in capitals (ASCII), as a sentence starts.
    var capitalizedFirst: String {
        guard let first, first.isASCII else { return self }
        return first.uppercased() + dropFirst()
    }
}
