/** The fish completion script. */
import { APP_FLAGS, COMMANDS, VALUE_FLAGS } from './spec.js';

/** A fish single-quoted word. */
const q = (text: string): string => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

function flagLine(condition: string, flag: string): string {
  const kind = VALUE_FLAGS[flag];
  const long = `-l ${flag.slice(2)}`;
  let value = '';
  if (kind === 'profile' || kind === 'view') value = ` -x -a '(__pagetui_names ${kind}s)'`;
  else if (kind === 'file') value = ' -r -F';
  else if (kind === 'free') value = ' -x';
  else if (Array.isArray(kind)) value = ` -x -a ${q(kind.join(' '))}`;
  return `complete -c pagetui -n ${q(condition)} ${long}${value}`;
}

export function fishScript(): string {
  const names = COMMANDS.map((c) => c.name).join(' ');
  const lines = [
    '# fish completion for pagetui: pagetui completion fish > ~/.config/fish/completions/pagetui.fish',
    'function __pagetui_names',
    '    set -l cmd (commandline -opc)[1]',
    '    command $cmd completion --names $argv[1] 2>/dev/null',
    'end',
    'complete -c pagetui -f',
    ...COMMANDS.map((c) => `complete -c pagetui -n '__fish_use_subcommand' -a ${c.name} -d ${q(c.summary)}`),
    ...APP_FLAGS.map((flag) => flagLine('__fish_use_subcommand', flag)),
    ...COMMANDS.flatMap((c) => [
      ...c.flags.map((flag) => flagLine(`__fish_seen_subcommand_from ${c.name}`, flag)),
      ...(c.words === undefined ? [] : [`complete -c pagetui -n ${q(`__fish_seen_subcommand_from ${c.name}`)} -a ${q(c.words.join(' '))}`]),
    ]),
    `complete -c pagetui -n '__fish_seen_subcommand_from help' -a ${q(names)}`,
  ];
  return `${lines.join('\n')}\n`;
}
