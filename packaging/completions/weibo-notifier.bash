# bash completion for weibo-notifier, made by `weibo-notifier completion bash`.
_weibo_notifier() {
    local current=${COMP_WORDS[COMP_CWORD]} previous=${COMP_WORDS[COMP_CWORD-1]}
    if [ "$COMP_CWORD" -eq 1 ]; then
        COMPREPLY=($(compgen -W 'run demo status refresh mark-read popup show-summary check-now pause resume watch autostart completion doctor settings config login logout accounts account unread comments mentions replies timeline sandbox sample --help --version' -- "$current"))
        return
    fi
    # The value after an option: its few values, or the shell's default (files).
    case "${COMP_WORDS[1]} $previous" in
        'run --interval') return ;;
        'run --api-base') return ;;
        'demo --interval') return ;;
        'demo --new-status-every') return ;;
        'demo --duration') return ;;
        'refresh --account') return ;;
        'mark-read --account') return ;;
        'popup --account') return ;;
        'popup --kind') COMPREPLY=($(compgen -W 'posts comments mentions' -- "$current")); return ;;
        'watch --format') COMPREPLY=($(compgen -W 'waybar polybar i3blocks json plain' -- "$current")); return ;;
        'watch --interval') return ;;
        'watch --text') return ;;
        'watch --color-zero') return ;;
        'watch --api-base') return ;;
        'doctor --api-base') return ;;
        'settings --page') COMPREPLY=($(compgen -W 'account notifications general advanced' -- "$current")); return ;;
        'login --api-base') return ;;
        'login --uid') return ;;
        'logout --api-base') return ;;
        'account --account') return ;;
        'unread --api-base') return ;;
        'unread --account') return ;;
        'comments --file') return ;;
        'comments --width') return ;;
        'comments --count') return ;;
        'comments --api-base') return ;;
        'comments --account') return ;;
        'comments --color'|'comments --colour') COMPREPLY=($(compgen -W 'auto always never' -- "$current")); return ;;
        'mentions --file') return ;;
        'mentions --width') return ;;
        'mentions --count') return ;;
        'mentions --api-base') return ;;
        'mentions --account') return ;;
        'mentions --color'|'mentions --colour') COMPREPLY=($(compgen -W 'auto always never' -- "$current")); return ;;
        'replies --account') return ;;
        'replies --api-base') return ;;
        'timeline --file') return ;;
        'timeline --width') return ;;
        'timeline --count') return ;;
        'timeline --compact') return ;;
        'timeline --api-base') return ;;
        'timeline --account') return ;;
        'timeline --color'|'timeline --colour') COMPREPLY=($(compgen -W 'auto always never' -- "$current")); return ;;
        'sample --seed') return ;;
        'sample --count') return ;;
        'sample --now') return ;;
    esac
    local options='' operands=''
    case ${COMP_WORDS[1]} in
        run) options='--interval --api-base --replace -h --help' ;;
        demo) options='--interval --new-status-every --duration -h --help' ;;
        status) options='-h --help' ;;
        refresh) options='--account -h --help' ;;
        mark-read) options='--account -h --help' ;;
        popup) options='--account --kind -h --help' ;;
        show-summary) options='-h --help' ;;
        check-now) options='-h --help' ;;
        pause) options='-h --help' ;;
        resume) options='-h --help' ;;
        watch) options='--format --interval --hide-zero --text --color-zero --polybar-colors --api-base -h --help' ;;
        autostart) options='-h --help' operands='enable disable status' ;;
        completion) options='-h --help' operands='bash zsh fish' ;;
        doctor) options='--api-base -v --verbose --json -h --help' ;;
        settings) options='--page -h --help' ;;
        config) options='-h --help' operands='list get set unset' ;;
        login) options='--api-base --no-browser --no-autostart --switch-account --token-stdin --uid -h --help' ;;
        logout) options='--all --api-base -h --help' ;;
        accounts) options='--json -h --help' ;;
        account) options='--account -h --help' ;;
        unread) options='--json --api-base --account -h --help' ;;
        comments) options='--file --width --count --api-base --account --color --colour -h --help' ;;
        mentions) options='--file --width --count --api-base --account --color --colour -h --help' ;;
        replies) options='--retry --force --account --api-base -h --help' ;;
        timeline) options='--file --width --count --compact --api-base --account --color --colour -h --help' ;;
        sandbox) options='-h --help' ;;
        sample) options='--seed --count --now -h --help' ;;
    esac
    if [[ $current == -* ]]; then
        COMPREPLY=($(compgen -W "$options" -- "$current"))
    else
        COMPREPLY=($(compgen -W "$operands" -- "$current"))
    fi
}
complete -o default -F _weibo_notifier weibo-notifier
