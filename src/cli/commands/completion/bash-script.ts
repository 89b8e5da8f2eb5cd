/**
 * The bash completion script. The line is read by `_pagetui_read_line` (bash-line.ts), so a word
 * typed with quotes or escaped spaces is compared unquoted. Names from the config (profiles, views)
 * are matched with `[[ == "$cur"* ]]`, never through `compgen -W`, which would expand `$(…)` inside a
 * name, and inserted quoted for where Tab puts them, so a name is one word and nothing in it runs
 * when the line does. File names are completed by readline's own filename mode (`compopt -o
 * filenames`: quoted, a directory ends in `/`).
 */
import { BASH_LINE_FUNCTIONS } from './bash-line.js';
import { APP_FLAGS, COMMANDS, flagsOfKind, valueTakingFlags, WORD_VALUE_FLAGS } from './spec.js';

const alternatives = (flags: readonly string[]): string => flags.join('|');

export function bashScript(): string {
  const valueFlags = valueTakingFlags();
  const commandCases = COMMANDS.map((c) => {
    const words = c.words === undefined ? '' : ` else words="${c.words.join(' ')}";`;
    const flags = `words="${c.flags.join(' ')}"`;
    return c.name === 'help'
      ? `    help) words="${COMMANDS.map((x) => x.name).join(' ')}" ;;`
      : `    ${c.name}) if [[ $cur == -* ]]; then ${flags};${words === '' ? ' else words="";' : words} fi ;;`;
  });
  return `# bash completion for pagetui: source <(pagetui completion bash)
${BASH_LINE_FUNCTIONS}
_pagetui_names() {
  local name
  while IFS= read -r name; do
    [[ $name == "$1"* ]] && COMPREPLY+=("$(_pagetui_quoted "$name")")
  done < <("$2" completion --names "$3" 2>/dev/null)
}

_pagetui_files() {
  local file
  compopt -o filenames 2>/dev/null
  while IFS= read -r file; do COMPREPLY+=("\${file:_pagetui_kept}"); done < <(compgen -f -- "$1")
}

_pagetui() {
  local _pagetui_words _pagetui_quote _pagetui_kept
  _pagetui_read_line
  local last=$(( \${#_pagetui_words[@]} - 1 ))
  local cur="\${_pagetui_words[last]}" prev="" cmd="" words="" skip=0 operands=0 views=views i
  local self="\${_pagetui_words[0]}"
  [[ $self == "~/"* ]] && self="$HOME/\${self:2}"
  (( last > 0 )) && prev="\${_pagetui_words[last-1]}"
  COMPREPLY=()
  for (( i = 1; i < last; i++ )); do
    if (( skip )); then skip=0; continue; fi
    case "\${_pagetui_words[i]}" in
      ${alternatives(valueFlags)}) skip=1 ;;
      -*) ;;
      *) if [[ -z $cmd ]]; then cmd="\${_pagetui_words[i]}"; else (( ++operands )); fi ;;
    esac
  done
  # open --view takes a page list's view only with a group id (open GROUP --view NAME).
  [[ $cmd == open ]] && (( operands > 0 )) && views=views-in-group
  case "$prev" in
    ${alternatives(flagsOfKind('profile'))}) _pagetui_names "$cur" "$self" profiles; return ;;
    ${alternatives(flagsOfKind('view'))}) _pagetui_names "$cur" "$self" "$views"; return ;;
    ${alternatives(flagsOfKind('file'))}) _pagetui_files "$cur"; return ;;
${WORD_VALUE_FLAGS.map(([flag, values]) => `    ${flag}) COMPREPLY=( $(compgen -W "${values.join(' ')}" -- "$cur") ); return ;;`).join('\n')}
    ${alternatives(flagsOfKind('free'))}) return ;;
  esac
  case "$cmd" in
    "") if [[ $cur == -* ]]; then words="${APP_FLAGS.join(' ')}"; else words="${COMMANDS.map((c) => c.name).join(' ')}"; fi ;;
${commandCases.join('\n')}
  esac
  COMPREPLY=( $(compgen -W "$words" -- "$cur") )
}
complete -F _pagetui pagetui
`;
}
