# bash completion for weibo-notifier, made by `weibo-notifier completion bash`.
_weibo_notifier() {
    local current=${COMP_WORDS[COMP_CWORD]} previous=${COMP_WORDS[COMP_CWORD-1]}
    if [ "$COMP_CWORD" -eq 1 ]; then
        COMPREPLY=($(compgen -W 'run demo status refresh mark-read popup show-summary check-now pause resume watch autostart completion doctor settings config login logout accounts account unread comments mentions replies timeline sandbox sample --help --version --verbose' -- "$current"))
        return
    fi
    # The value after an option: its few values, files, or nothing (a number, a name).
    case "${COMP_WORDS[1]} $previous" in
        'run --interval') compopt +o default; return ;;
        'run --api-base') compopt +o default; return ;;
        'demo --interval') compopt +o default; return ;;
        'demo --new-status-every') compopt +o default; return ;;
        'demo --duration') compopt +o default; return ;;
        'refresh --account') compopt +o default; return ;;
        'mark-read --account') compopt +o default; return ;;
        'popup --kind') COMPREPLY=($(compgen -W 'posts comments mentions' -- "$current")); return ;;
        'popup --account') compopt +o default; return ;;
        'watch --format') COMPREPLY=($(compgen -W 'waybar polybar i3blocks json plain' -- "$current")); return ;;
        'watch --text') compopt +o default; return ;;
        'watch --color-zero') compopt +o default; return ;;
        'watch --interval') compopt +o default; return ;;
        'watch --api-base') compopt +o default; return ;;
        'doctor --api-base') compopt +o default; return ;;
        'settings --page') COMPREPLY=($(compgen -W 'account notifications general advanced' -- "$current")); return ;;
        'login --api-base') compopt +o default; return ;;
        'login --uid') compopt +o default; return ;;
        'logout --api-base') compopt +o default; return ;;
        'account --account') compopt +o default; return ;;
        'unread --account') compopt +o default; return ;;
        'unread --api-base') compopt +o default; return ;;
        'comments --file') return ;;
        'comments --width') compopt +o default; return ;;
        'comments --count') compopt +o default; return ;;
        'comments --color'|'comments --colour') COMPREPLY=($(compgen -W 'auto always never' -- "$current")); return ;;
        'comments --account') compopt +o default; return ;;
        'comments --api-base') compopt +o default; return ;;
        'mentions --file') return ;;
        'mentions --width') compopt +o default; return ;;
        'mentions --count') compopt +o default; return ;;
        'mentions --color'|'mentions --colour') COMPREPLY=($(compgen -W 'auto always never' -- "$current")); return ;;
        'mentions --account') compopt +o default; return ;;
        'mentions --api-base') compopt +o default; return ;;
        'replies --account') compopt +o default; return ;;
        'replies --api-base') compopt +o default; return ;;
        'timeline --file') return ;;
        'timeline --width') compopt +o default; return ;;
        'timeline --count') compopt +o default; return ;;
        'timeline --color'|'timeline --colour') COMPREPLY=($(compgen -W 'auto always never' -- "$current")); return ;;
        'timeline --compact') compopt +o default; return ;;
        'timeline --account') compopt +o default; return ;;
        'timeline --api-base') compopt +o default; return ;;
        'sandbox --port') compopt +o default; return ;;
        'sandbox --seed') compopt +o default; return ;;
        'sandbox --new-status-every') compopt +o default; return ;;
        'sample --seed') compopt +o default; return ;;
        'sample --count') compopt +o default; return ;;
        'sample --now') compopt +o default; return ;;
    esac
    local options='' operands=''
    case ${COMP_WORDS[1]} in
        run) options='--interval --api-base --replace -h --help' ;;
        demo) options='--interval --new-status-every --duration -h --help' ;;
        status) options='-h --help' ;;
        refresh) options='--account -h --help' ;;
        mark-read) options='--account -h --help' ;;
        popup) options='--kind --account -h --help' ;;
        show-summary) options='-h --help' ;;
        check-now) options='-h --help' ;;
        pause) options='-h --help' ;;
        resume) options='-h --help' ;;
        watch) options='--format --text --hide-zero --color-zero --polybar-colors --interval --api-base -h --help' ;;
        autostart) options='-h --help' operands='enable disable status' ;;
        completion) options='-h --help' operands='bash zsh fish' ;;
        doctor) options='--api-base -v --verbose --json -h --help' ;;
        settings) options='--page -h --help' ;;
        config) options='-h --help' operands='list get set unset' ;;
        login) options='--api-base --no-browser --no-autostart --switch-account --token-stdin --uid -h --help' ;;
        logout) options='--all --api-base -h --help' ;;
        accounts) options='--json -h --help' ;;
        account) options='--account -h --help' ;;
        unread) options='--json --account --api-base -h --help' ;;
        comments) options='--file --width --count --color --colour --account --api-base -h --help' ;;
        mentions) options='--file --width --count --color --colour --account --api-base -h --help' ;;
        replies) options='--retry --force --account --api-base -h --help' ;;
        timeline) options='--file --width --count --color --colour --compact --account --api-base -h --help' ;;
        sandbox) options='--port --tls --seed --new-status-every --keep-status-count --enable-set-count --auto-approve --likes -h --help' ;;
        sample) options='--seed --count --now -h --help' ;;
    esac
    if [[ $current == -* ]]; then
        COMPREPLY=($(compgen -W "$options" -- "$current"))
    else
        COMPREPLY=($(compgen -W "$operands" -- "$current"))
    fi
}
complete -o default -F _weibo_notifier weibo-notifier
