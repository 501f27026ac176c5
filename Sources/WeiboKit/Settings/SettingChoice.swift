/// A setting's value chosen from words (`token_store`, `bubbles`, `preview`, the popup's,
/// `emoticons`): the file and `config set` take the word, the settings window shows the label.
public protocol SettingChoice: RawRepresentable<String>, CaseIterable, Sendable {
    /// What the settings window shows for it, in the user's language.
    var label: LocalizableMessage { get }
}

/// One word a choice takes, with its label.
public struct ChoiceWord: Equatable, Sendable {
    /// As the file and `config set` have it.
    public let word: String
    /// As the settings window shows it.
    public let label: LocalizableMessage
}

extension SettingChoice {
    static var choiceWords: [ChoiceWord] { allCases.map { ChoiceWord(word: $0.rawValue, label: $0.label) } }
}

extension TokenStoreChoice: SettingChoice {
    public var label: LocalizableMessage {
        switch self {
        case .auto: .tr("Automatic")
        case .keyring: .tr("The keyring")
        case .file: .tr("A private file")
        }
    }
}

extension TrayIconStyle: SettingChoice {
    public var label: LocalizableMessage {
        switch self {
        case .auto: .tr("As the desktop's")
        case .color: .tr("In colour")
        case .symbolic: .tr("Monochrome")
        }
    }
}

extension ReplyBubbleStay: SettingChoice {
    public var label: LocalizableMessage {
        switch self {
        case .untilClosed: .tr("Until closed")
        case .minute: .tr("A minute")
        case .desktop: .tr("As the desktop's")
        }
    }
}

extension PopupCells: SettingChoice {
    public var label: LocalizableMessage {
        switch self {
        case .compact: .tr("Compact")
        case .full: .tr("Whole posts")
        }
    }
}

extension PopupCorner: SettingChoice {
    public var label: LocalizableMessage {
        switch self {
        case .topRight: .tr("Top right")
        case .topLeft: .tr("Top left")
        case .bottomRight: .tr("Bottom right")
        case .bottomLeft: .tr("Bottom left")
        }
    }
}

extension CounterMode: SettingChoice {}

extension BubbleMode: SettingChoice {
    public var label: LocalizableMessage {
        switch self {
        case .perKind: .tr("One per kind")
        case .single: .tr("One for all")
        }
    }
}

extension PreviewLevel: SettingChoice {
    public var label: LocalizableMessage {
        switch self {
        case .full: .tr("Who and what")
        case .sender: .tr("Who only")
        case .count: .tr("The count only")
        }
    }
}

extension Emoticons.Style: SettingChoice {
    public var label: LocalizableMessage {
        switch self {
        case .emoji: .tr("As emoji")
        case .text: .tr("As Weibo's codes")
        }
    }
}
