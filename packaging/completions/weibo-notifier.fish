# fish completion for weibo-notifier, made by `weibo-notifier completion fish`.
complete -c weibo-notifier -f
complete -c weibo-notifier -n __fish_use_subcommand -s h -l help -d 'Show the help'
complete -c weibo-notifier -n __fish_use_subcommand -s V -l version -d 'Show the version'
complete -c weibo-notifier -n __fish_use_subcommand -s v -l verbose -d 'Log debug messages, never a token (before or after the command)'
complete -c weibo-notifier -n __fish_use_subcommand -a run -d 'The notifier in the desktop session (the default)'
complete -c weibo-notifier -n '__fish_seen_subcommand_from run' -l interval -x
complete -c weibo-notifier -n '__fish_seen_subcommand_from run' -l api-base -x
complete -c weibo-notifier -n '__fish_seen_subcommand_from run' -l replace
complete -c weibo-notifier -n '__fish_seen_subcommand_from run' -s h -l help
complete -c weibo-notifier -n __fish_use_subcommand -a demo -d 'The notifier against a built-in sandbox, to see it at work'
complete -c weibo-notifier -n '__fish_seen_subcommand_from demo' -l interval -x
complete -c weibo-notifier -n '__fish_seen_subcommand_from demo' -l new-status-every -x
complete -c weibo-notifier -n '__fish_seen_subcommand_from demo' -l duration -x
complete -c weibo-notifier -n '__fish_seen_subcommand_from demo' -s h -l help
complete -c weibo-notifier -n __fish_use_subcommand -a status -d 'What the running notifier is doing'
complete -c weibo-notifier -n '__fish_seen_subcommand_from status' -s h -l help
complete -c weibo-notifier -n __fish_use_subcommand -a refresh -d 'Tell the running notifier you have looked (clears the notification)'
complete -c weibo-notifier -n '__fish_seen_subcommand_from refresh' -l account -x
complete -c weibo-notifier -n '__fish_seen_subcommand_from refresh' -s h -l help
complete -c weibo-notifier -n __fish_use_subcommand -a mark-read -d 'Count everything as seen without checking again'
complete -c weibo-notifier -n '__fish_seen_subcommand_from mark-read' -l account -x
complete -c weibo-notifier -n '__fish_seen_subcommand_from mark-read' -s h -l help
complete -c weibo-notifier -n __fish_use_subcommand -a popup -d 'Open the popup with the newest posts, comments and mentions'
complete -c weibo-notifier -n '__fish_seen_subcommand_from popup' -l kind -x -a 'posts comments mentions'
complete -c weibo-notifier -n '__fish_seen_subcommand_from popup' -l account -x
complete -c weibo-notifier -n '__fish_seen_subcommand_from popup' -s h -l help
complete -c weibo-notifier -n __fish_use_subcommand -a show-summary -d 'Ask the running notifier to show the newest posts'
complete -c weibo-notifier -n '__fish_seen_subcommand_from show-summary' -s h -l help
complete -c weibo-notifier -n __fish_use_subcommand -a check-now -d 'Ask the running notifier to check now'
complete -c weibo-notifier -n '__fish_seen_subcommand_from check-now' -s h -l help
complete -c weibo-notifier -n __fish_use_subcommand -a pause -d 'Pause the running notifier\'s notifications for a while'
complete -c weibo-notifier -n '__fish_seen_subcommand_from pause' -s h -l help
complete -c weibo-notifier -n __fish_use_subcommand -a resume -d 'End a pause of the running notifier'
complete -c weibo-notifier -n '__fish_seen_subcommand_from resume' -s h -l help
complete -c weibo-notifier -n __fish_use_subcommand -a watch -d 'One line per change of the unread count, for status bars'
complete -c weibo-notifier -n '__fish_seen_subcommand_from watch' -l format -x -a 'waybar polybar i3blocks json plain'
complete -c weibo-notifier -n '__fish_seen_subcommand_from watch' -l text -x
complete -c weibo-notifier -n '__fish_seen_subcommand_from watch' -l hide-zero
complete -c weibo-notifier -n '__fish_seen_subcommand_from watch' -l color-zero -x
complete -c weibo-notifier -n '__fish_seen_subcommand_from watch' -l polybar-colors
complete -c weibo-notifier -n '__fish_seen_subcommand_from watch' -l interval -x
complete -c weibo-notifier -n '__fish_seen_subcommand_from watch' -l api-base -x
complete -c weibo-notifier -n '__fish_seen_subcommand_from watch' -s h -l help
complete -c weibo-notifier -n __fish_use_subcommand -a autostart -d 'Start the notifier with the desktop session (enable, disable, status)'
complete -c weibo-notifier -n '__fish_seen_subcommand_from autostart' -s h -l help
complete -c weibo-notifier -n '__fish_seen_subcommand_from autostart' -a 'enable disable status'
complete -c weibo-notifier -n __fish_use_subcommand -a completion -d 'Print the completion script for bash, zsh or fish'
complete -c weibo-notifier -n '__fish_seen_subcommand_from completion' -s h -l help
complete -c weibo-notifier -n '__fish_seen_subcommand_from completion' -a 'bash zsh fish'
complete -c weibo-notifier -n __fish_use_subcommand -a doctor -d 'Check the desktop, the configuration and the login, with fixes'
complete -c weibo-notifier -n '__fish_seen_subcommand_from doctor' -l api-base -x
complete -c weibo-notifier -n '__fish_seen_subcommand_from doctor' -s v -l verbose
complete -c weibo-notifier -n '__fish_seen_subcommand_from doctor' -l json
complete -c weibo-notifier -n '__fish_seen_subcommand_from doctor' -s h -l help
complete -c weibo-notifier -n __fish_use_subcommand -a settings -d 'Open the settings and accounts window'
complete -c weibo-notifier -n '__fish_seen_subcommand_from settings' -l page -x -a 'account notifications general advanced'
complete -c weibo-notifier -n '__fish_seen_subcommand_from settings' -s h -l help
complete -c weibo-notifier -n __fish_use_subcommand -a config -d 'Show or change one setting (list, get, set, unset)'
complete -c weibo-notifier -n '__fish_seen_subcommand_from config' -s h -l help
complete -c weibo-notifier -n '__fish_seen_subcommand_from config' -a 'list get set unset'
complete -c weibo-notifier -n __fish_use_subcommand -a login -d 'Log in to Weibo (in the browser), or import a token'
complete -c weibo-notifier -n '__fish_seen_subcommand_from login' -l api-base -x
complete -c weibo-notifier -n '__fish_seen_subcommand_from login' -l no-browser
complete -c weibo-notifier -n '__fish_seen_subcommand_from login' -l no-autostart
complete -c weibo-notifier -n '__fish_seen_subcommand_from login' -l switch-account
complete -c weibo-notifier -n '__fish_seen_subcommand_from login' -l token-stdin
complete -c weibo-notifier -n '__fish_seen_subcommand_from login' -l uid -x
complete -c weibo-notifier -n '__fish_seen_subcommand_from login' -s h -l help
complete -c weibo-notifier -n __fish_use_subcommand -a logout -d 'Revoke the login and delete it here'
complete -c weibo-notifier -n '__fish_seen_subcommand_from logout' -l all
complete -c weibo-notifier -n '__fish_seen_subcommand_from logout' -l api-base -x
complete -c weibo-notifier -n '__fish_seen_subcommand_from logout' -s h -l help
complete -c weibo-notifier -n __fish_use_subcommand -a accounts -d 'List the accounts logged in'
complete -c weibo-notifier -n '__fish_seen_subcommand_from accounts' -l json
complete -c weibo-notifier -n '__fish_seen_subcommand_from accounts' -s h -l help
complete -c weibo-notifier -n __fish_use_subcommand -a account -d 'Show who is logged in and until when'
complete -c weibo-notifier -n '__fish_seen_subcommand_from account' -l account -x
complete -c weibo-notifier -n '__fish_seen_subcommand_from account' -s h -l help
complete -c weibo-notifier -n __fish_use_subcommand -a unread -d 'Show the unread counts once'
complete -c weibo-notifier -n '__fish_seen_subcommand_from unread' -l json
complete -c weibo-notifier -n '__fish_seen_subcommand_from unread' -l account -x
complete -c weibo-notifier -n '__fish_seen_subcommand_from unread' -l api-base -x
complete -c weibo-notifier -n '__fish_seen_subcommand_from unread' -s h -l help
complete -c weibo-notifier -n __fish_use_subcommand -a comments -d 'Lay out the comments on your posts'
complete -c weibo-notifier -n '__fish_seen_subcommand_from comments' -l file -r -F
complete -c weibo-notifier -n '__fish_seen_subcommand_from comments' -l width -x
complete -c weibo-notifier -n '__fish_seen_subcommand_from comments' -l count -x
complete -c weibo-notifier -n '__fish_seen_subcommand_from comments' -l color -l colour -x -a 'auto always never'
complete -c weibo-notifier -n '__fish_seen_subcommand_from comments' -l account -x
complete -c weibo-notifier -n '__fish_seen_subcommand_from comments' -l api-base -x
complete -c weibo-notifier -n '__fish_seen_subcommand_from comments' -s h -l help
complete -c weibo-notifier -n __fish_use_subcommand -a mentions -d 'Lay out the posts and comments that mention you'
complete -c weibo-notifier -n '__fish_seen_subcommand_from mentions' -l file -r -F
complete -c weibo-notifier -n '__fish_seen_subcommand_from mentions' -l width -x
complete -c weibo-notifier -n '__fish_seen_subcommand_from mentions' -l count -x
complete -c weibo-notifier -n '__fish_seen_subcommand_from mentions' -l color -l colour -x -a 'auto always never'
complete -c weibo-notifier -n '__fish_seen_subcommand_from mentions' -l account -x
complete -c weibo-notifier -n '__fish_seen_subcommand_from mentions' -l api-base -x
complete -c weibo-notifier -n '__fish_seen_subcommand_from mentions' -s h -l help
complete -c weibo-notifier -n __fish_use_subcommand -a replies -d 'List the replies that could not be sent, or send them again'
complete -c weibo-notifier -n '__fish_seen_subcommand_from replies' -l retry
complete -c weibo-notifier -n '__fish_seen_subcommand_from replies' -l force
complete -c weibo-notifier -n '__fish_seen_subcommand_from replies' -l account -x
complete -c weibo-notifier -n '__fish_seen_subcommand_from replies' -l api-base -x
complete -c weibo-notifier -n '__fish_seen_subcommand_from replies' -s h -l help
complete -c weibo-notifier -n __fish_use_subcommand -a timeline -d 'Lay out the home timeline (fetched, or a saved JSON file)'
complete -c weibo-notifier -n '__fish_seen_subcommand_from timeline' -l file -r -F
complete -c weibo-notifier -n '__fish_seen_subcommand_from timeline' -l width -x
complete -c weibo-notifier -n '__fish_seen_subcommand_from timeline' -l count -x
complete -c weibo-notifier -n '__fish_seen_subcommand_from timeline' -l color -l colour -x -a 'auto always never'
complete -c weibo-notifier -n '__fish_seen_subcommand_from timeline' -l compact -x
complete -c weibo-notifier -n '__fish_seen_subcommand_from timeline' -l account -x
complete -c weibo-notifier -n '__fish_seen_subcommand_from timeline' -l api-base -x
complete -c weibo-notifier -n '__fish_seen_subcommand_from timeline' -s h -l help
complete -c weibo-notifier -n __fish_use_subcommand -a sandbox -d 'Run a stand-in for the Weibo API on 127.0.0.1, for trying things'
complete -c weibo-notifier -n '__fish_seen_subcommand_from sandbox' -l port -x
complete -c weibo-notifier -n '__fish_seen_subcommand_from sandbox' -l tls
complete -c weibo-notifier -n '__fish_seen_subcommand_from sandbox' -l seed -x
complete -c weibo-notifier -n '__fish_seen_subcommand_from sandbox' -l new-status-every -x
complete -c weibo-notifier -n '__fish_seen_subcommand_from sandbox' -l keep-status-count
complete -c weibo-notifier -n '__fish_seen_subcommand_from sandbox' -l enable-set-count
complete -c weibo-notifier -n '__fish_seen_subcommand_from sandbox' -l auto-approve
complete -c weibo-notifier -n '__fish_seen_subcommand_from sandbox' -l likes
complete -c weibo-notifier -n '__fish_seen_subcommand_from sandbox' -s h -l help
complete -c weibo-notifier -n __fish_use_subcommand -a sample -d 'Print a generated home timeline (JSON) to try things with'
complete -c weibo-notifier -n '__fish_seen_subcommand_from sample' -l seed -x
complete -c weibo-notifier -n '__fish_seen_subcommand_from sample' -l count -x
complete -c weibo-notifier -n '__fish_seen_subcommand_from sample' -l now -x
complete -c weibo-notifier -n '__fish_seen_subcommand_from sample' -s h -l help
