/** The fish completion script. */
import { APP_FLAGS, COMMANDS, VALUE_FLAGS, valueTakingFlags } from './spec.js';

/** A fish single-quoted word. */
const q = (text: string): string => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

function flagLine(condition: string, flag: string): string {
  const kind = VALUE_FLAGS[flag];
  const long = `-l ${flag.slice(2)}`;
  let value = '';
  if (kind === 'profile') value = ` -x -a '(__pagetui_names profiles)'`;
  else if (kind === 'view') value = ` -x -a '(__pagetui_view_names)'`;
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
    // open --view takes a page list's view only with a group id (open GROUP --view NAME).
    'function __pagetui_view_names',
    '    set -l cmd ""',
    '    set -l operands 0',
    '    set -l skip 0',
    '    for word in (commandline -opc)[2..-1]',
    '        if test $skip -eq 1',
    '            set skip 0',
    '            continue',
    '        end',
    '        switch $word',
    `            case ${valueTakingFlags().join(' ')}`,
    '                set skip 1',
    "            case '-*'",
    "            case '*'",
    '                if test -z "$cmd"',
    '                    set cmd $word',
    '                else',
    '                    set operands (math $operands + 1)',
    '                end',
    '        end',
    '    end',
    '    if test "$cmd" = open -a $operands -gt 0',
    '        __pagetui_names views-in-group',
    '    else',
    '        __pagetui_names views',
    '    end',
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
