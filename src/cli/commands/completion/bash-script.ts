/**
 * The bash completion script. Names from the config (profiles, views) are matched with `[[ ==
 * "$cur"* ]]`, never through `compgen -W`, which would expand `$(…)` inside a name, and inserted
 * quoted (`printf %q`), so a name is one word and nothing in it runs when the line does.
 */
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
_pagetui_names() {
  local name
  while IFS= read -r name; do
    [[ $name == "$1"* ]] && COMPREPLY+=("$(printf '%q' "$name")")
  done < <("$2" completion --names "$3" 2>/dev/null)
}

_pagetui() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="" cmd="" words="" skip=0 operands=0 views=views i
  (( COMP_CWORD > 0 )) && prev="\${COMP_WORDS[COMP_CWORD-1]}"
  COMPREPLY=()
  for (( i = 1; i < COMP_CWORD; i++ )); do
    if (( skip )); then skip=0; continue; fi
    case "\${COMP_WORDS[i]}" in
      ${alternatives(valueFlags)}) skip=1 ;;
      -*) ;;
      *) if [[ -z $cmd ]]; then cmd="\${COMP_WORDS[i]}"; else (( ++operands )); fi ;;
    esac
  done
  # open --view takes a page list's view only with a group id (open GROUP --view NAME).
  [[ $cmd == open ]] && (( operands > 0 )) && views=views-in-group
  case "$prev" in
    ${alternatives(flagsOfKind('profile'))}) _pagetui_names "$cur" "\${COMP_WORDS[0]}" profiles; return ;;
    ${alternatives(flagsOfKind('view'))}) _pagetui_names "$cur" "\${COMP_WORDS[0]}" "$views"; return ;;
    ${alternatives(flagsOfKind('file'))}) COMPREPLY=( $(compgen -f -- "$cur") ); return ;;
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
