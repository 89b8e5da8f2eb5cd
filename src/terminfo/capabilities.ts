/**
 * What the terminal can do, from its terminfo entry: the few capabilities the diff writer and the
 * terminal session use. A capability counts only in the ANSI form pagetui writes (e.g. `ech` as
 * `CSI n X`); an entry that spells it otherwise is treated as lacking it, which is always safe.
 */
import { readTerminfoFile, type TerminfoEnv } from './locate.js';
import { parseTerminfo, type TerminfoEntry } from './parse.js';

/** How rows that moved as a block are moved on screen. */
export type ScrollMethod =
  /** DECSTBM + SU/SD (`csr` with `indn`/`rin`). */
  | { readonly kind: 'parameterized' }
  /** DECSTBM + `ind`/`ri` repeated, the cursor on the region's last/first row. */
  | { readonly kind: 'repeated'; readonly index: string; readonly reverseIndex: string };

export interface TerminalCapabilities {
  /** The entry these came from; undefined for the conservative set (no TERM, no entry). */
  readonly entry: string | undefined;
  /** Homes the cursor and clears the screen. */
  readonly clear: string;
  /** EL (`CSI K`). */
  readonly eraseLine: boolean;
  /** ECH (`CSI n X`). */
  readonly eraseChars: boolean;
  /** Undefined: scrolled rows are written again. */
  readonly scroll: ScrollMethod | undefined;
  readonly alternateScreen: { readonly enter: string; readonly leave: string } | undefined;
  readonly cursor: { readonly hide: string; readonly show: string } | undefined;
  /** Mode 2026, only where the terminal is known to understand it. */
  readonly synchronizedOutput: boolean;
  /** `colors`: 0 where the entry has none. */
  readonly colors: number;
}

/** What pagetui wrote before it read terminfo; what an xterm-256color entry gives. */
export const FULL_CAPABILITIES: TerminalCapabilities = {
  entry: 'xterm-256color',
  clear: '\u001B[H\u001B[2J',
  eraseLine: true,
  eraseChars: true,
  scroll: { kind: 'parameterized' },
  alternateScreen: { enter: '\u001B[?1049h', leave: '\u001B[?1049l' },
  cursor: { hide: '\u001B[?25l', show: '\u001B[?25h' },
  synchronizedOutput: true,
  colors: 256,
};

/**
 * For a terminal without a terminfo entry: cursor addressing, EL and 8 SGR colours, which every
 * ANSI terminal since the VT100 understands; no scroll region, ECH, alternate screen, cursor
 * hiding or synchronized output.
 */
export const CONSERVATIVE_CAPABILITIES: TerminalCapabilities = {
  entry: undefined,
  clear: '\u001B[H\u001B[J',
  eraseLine: true,
  eraseChars: false,
  scroll: undefined,
  alternateScreen: undefined,
  cursor: undefined,
  synchronizedOutput: false,
  colors: 8,
};

/** Terminal families known to understand synchronized output (or to ignore it harmlessly). */
const SYNC_FAMILIES = /^(xterm|tmux)/;

/** Padding (`$<5>`) is for real VT100s on slow lines; nothing reads it today. */
const withoutPadding = (value: string | undefined) => value?.replaceAll(/\$<[\d.*/]*>/g, '');

function capabilitiesOf(entry: TerminfoEntry, term: string): TerminalCapabilities {
  const get = (name: string) => withoutPadding(entry.strings.get(name));
  const has = (name: string, ansiForm: string) => get(name) === ansiForm;
  const region = has('csr', '\u001B[%i%p1%d;%p2%dr');
  const index = get('ind');
  const reverseIndex = get('ri');
  let scroll: ScrollMethod | undefined;
  if (region && has('indn', '\u001B[%p1%dS') && has('rin', '\u001B[%p1%dT')) scroll = { kind: 'parameterized' };
  else if (region && index && reverseIndex && !index.includes('%') && !reverseIndex.includes('%')) {
    scroll = { kind: 'repeated', index, reverseIndex };
  }
  const [smcup, rmcup, civis, cnorm] = ['smcup', 'rmcup', 'civis', 'cnorm'].map(get);
  const clear = get('clear');
  return {
    entry: entry.names[0] ?? term,
    clear: clear && !clear.includes('%') ? clear : CONSERVATIVE_CAPABILITIES.clear,
    eraseLine: has('el', '\u001B[K'),
    eraseChars: has('ech', '\u001B[%p1%dX'),
    scroll,
    alternateScreen: smcup && rmcup ? { enter: smcup, leave: rmcup } : undefined,
    cursor: civis && cnorm ? { hide: civis, show: cnorm } : undefined,
    synchronizedOutput: entry.strings.has('Sync') || SYNC_FAMILIES.test(term) || SYNC_FAMILIES.test(entry.names[0] ?? ''),
    colors: entry.numbers.get('colors') ?? 0,
  };
}

export interface TerminalEnv extends TerminfoEnv {
  readonly TERM?: string;
}

/** The capabilities of the terminal `env.TERM` names; the conservative set when it has no entry. */
export function terminalCapabilities(env: TerminalEnv): TerminalCapabilities {
  const term = env.TERM ?? '';
  const data = readTerminfoFile(term, env);
  if (!data) return CONSERVATIVE_CAPABILITIES;
  try {
    return capabilitiesOf(parseTerminfo(data), term);
  } catch {
    return CONSERVATIVE_CAPABILITIES;
  }
}

/** How many colours the terminal `env.TERM` names has (terminfo's `colors`; 0: none). */
export function terminalColors(env: TerminalEnv): number {
  return terminalCapabilities(env).colors;
}
