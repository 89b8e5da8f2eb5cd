/**
 * How many colours the terminal shows. From terminfo's `colors` number when the caller has it,
 * else from TERM's name; `COLORTERM=truecolor|24bit` (set by the emulator) lifts a terminal that
 * has 16 colours or more, or whose name is unknown, to 24-bit — never one known to have 8 or none.
 */
export type ColorDepth = 'truecolor' | '256' | '16' | '8' | 'none';

type Env = Readonly<Record<string, string | undefined>>;

/** The depth for terminfo's `colors` capability (absent or -1: none). */
export function depthFromColors(colors: number | undefined): ColorDepth {
  if (colors === undefined || colors < 8) return 'none';
  if (colors >= 16_777_216) return 'truecolor';
  if (colors >= 256) return '256';
  if (colors >= 16) return '16';
  return '8';
}

/** The depth TERM's name suggests, for when terminfo cannot be asked. Unknown names get 8. */
export function depthFromTermName(term: string): ColorDepth {
  const name = term.toLowerCase();
  if (name === '' || name === 'dumb' || name.endsWith('-mono') || /^vt(52|100|102|220)\b/.test(name)) return 'none';
  if (name.endsWith('-direct')) return 'truecolor';
  if (name.endsWith('-256color')) return '256';
  if (name.endsWith('-16color') || /^(xterm|screen|tmux|rxvt)/.test(name)) return '16';
  return '8';
}

/** The colour depth for `env`, `terminfoColors` being terminfo's `colors` when known. */
export function colorDepth(env: Env, terminfoColors?: number): ColorDepth {
  const term = env['TERM'] ?? '';
  const base = term === 'dumb' ? 'none' : terminfoColors === undefined ? depthFromTermName(term) : depthFromColors(terminfoColors);
  const colorterm = (env['COLORTERM'] ?? '').toLowerCase();
  const unknownName = terminfoColors === undefined && base === '8' && !/^(linux|ansi|cygwin)/i.test(term);
  if ((colorterm === 'truecolor' || colorterm === '24bit') && (base === '16' || base === '256' || unknownName)) return 'truecolor';
  return base;
}

/**
 * chalk's level (which ink's colours go through) for a depth. 'none' keeps level 1: the
 * colourless theme still needs bold and reverse video.
 */
export function chalkLevel(depth: ColorDepth): 1 | 2 | 3 {
  if (depth === 'truecolor') return 3;
  if (depth === '256') return 2;
  return 1;
}
