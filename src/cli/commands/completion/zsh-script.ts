/** The zsh completion script (a `#compdef` function; also works when sourced after compinit). */
import { APP_FLAGS, COMMANDS, flagsOfKind, valueTakingFlags, WORD_VALUE_FLAGS } from './spec.js';

const alternatives = (flags: readonly string[]): string => flags.join('|');
/** A zsh single-quoted word. */
const q = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`;

export function zshScript(): string {
  const valueFlags = valueTakingFlags();
  const commands = COMMANDS.map((c) => q(`${c.name}:${c.summary}`)).join(' ');
  const commandCases = COMMANDS.map((c) => {
    if (c.name === 'help') return `    help) compadd -- ${COMMANDS.map((x) => x.name).join(' ')} ;;`;
    const words = c.words === undefined ? '' : `; else compadd -- ${c.words.join(' ')}`;
    return `    ${c.name}) if [[ $cur == -* ]]; then compadd -- ${c.flags.join(' ')}${words}; fi ;;`;
  });
  return `#compdef pagetui
# zsh completion for pagetui: pagetui completion zsh > "\${fpath[1]}/_pagetui"
_pagetui() {
  local cur=\${words[CURRENT]} prev=\${words[CURRENT-1]} cmd="" skip=0 operands=0 views=views i
  local -a commands
  commands=(${commands})
  for (( i = 2; i < CURRENT; i++ )); do
    if (( skip )); then skip=0; continue; fi
    case \${words[i]} in
      ${alternatives(valueFlags)}) skip=1 ;;
      -*) ;;
      *) if [[ -z $cmd ]]; then cmd=\${words[i]}; else (( ++operands )); fi ;;
    esac
  done
  # open --view takes a page list's view only with a group id (open GROUP --view NAME).
  [[ $cmd == open ]] && (( operands > 0 )) && views=views-in-group
  case $prev in
    ${alternatives(flagsOfKind('profile'))}) compadd -- \${(f)"$(\${words[1]} completion --names profiles 2>/dev/null)"}; return ;;
    ${alternatives(flagsOfKind('view'))}) compadd -- \${(f)"$(\${words[1]} completion --names $views 2>/dev/null)"}; return ;;
    ${alternatives(flagsOfKind('file'))}) _files; return ;;
${WORD_VALUE_FLAGS.map(([flag, values]) => `    ${flag}) compadd -- ${values.join(' ')}; return ;;`).join('\n')}
    ${alternatives(flagsOfKind('free'))}) return ;;
  esac
  case $cmd in
    "") if [[ $cur == -* ]]; then compadd -- ${APP_FLAGS.join(' ')}; else _describe command commands; fi ;;
${commandCases.join('\n')}
  esac
}
if [[ \${zsh_eval_context[-1]} == loadautoload ]]; then
  _pagetui "$@"
else
  (( \${+functions[compdef]} )) && compdef _pagetui pagetui
fi
`;
}
