/**
 * Text styles (SGR state) as small integers: a style is interned once and then compared by id,
 * so a screen of cells is cheap to diff. Id 0 is the default style.
 */

const BOLD = 1;
const DIM = 2;
const ITALIC = 4;
const UNDERLINE = 8;
const BLINK = 16;
const INVERSE = 32;
const HIDDEN = 64;
const STRIKE = 128;
const OVERLINE = 256;

/** SGR code that turns each flag on, and the one that turns it off (22 clears bold and dim). */
const FLAG_CODES: readonly (readonly [flag: number, on: string, off: string])[] = [
  [BOLD, '1', '22'],
  [DIM, '2', '22'],
  [ITALIC, '3', '23'],
  [UNDERLINE, '4', '24'],
  [BLINK, '5', '25'],
  [INVERSE, '7', '27'],
  [HIDDEN, '8', '28'],
  [STRIKE, '9', '29'],
  [OVERLINE, '53', '55'],
];

/** Flags that make a blank cell look different (a line through it, or fg and bg swapped). */
const VISIBLE_ON_BLANK = UNDERLINE | INVERSE | STRIKE | OVERLINE;

/** One SGR state. */
export interface Style {
  readonly flags: number;
  /** Foreground as its SGR parameters ('31', '38;5;208', '38;2;1;2;3'), '' for the default. */
  readonly fg: string;
  readonly bg: string;
  /** Underline colour (58;…), '' for the default. */
  readonly ul: string;
}

const DEFAULT_STYLE: Style = { flags: 0, fg: '', bg: '', ul: '' };
const MAX_MEMO = 4096;

/** Interns styles and translates SGR parameters and style changes. */
export class StyleTable {
  private readonly styles: Style[] = [];
  private readonly ids = new Map<string, number>();
  private readonly applied = new Map<string, number>();
  private readonly blanks: number[] = [];
  private readonly erases: number[] = [];

  constructor() {
    this.intern(DEFAULT_STYLE);
  }

  /** The style after the SGR parameters `params` (the text between `ESC[` and `m`) on `id`. */
  apply(id: number, params: string): number {
    const key = `${id}|${params}`;
    let next = this.applied.get(key);
    if (next === undefined) {
      next = this.intern(applySgr(this.get(id), params));
      if (this.applied.size >= MAX_MEMO) this.applied.clear();
      this.applied.set(key, next);
    }
    return next;
  }

  /**
   * The style a blank cell in `id` looks like: the foreground only matters when it is shown
   * (inverse) or drawn (underline, strike-through, overline).
   */
  blank(id: number): number {
    let out = this.blanks[id];
    if (out === undefined) {
      out = this.get(id).flags & VISIBLE_ON_BLANK ? id : this.erase(id);
      this.blanks[id] = out;
    }
    return out;
  }

  /** The style of cells erased while `id` is current (only the background carries over). */
  erase(id: number): number {
    let out = this.erases[id];
    if (out === undefined) {
      out = this.intern({ ...DEFAULT_STYLE, bg: this.get(id).bg });
      this.erases[id] = out;
    }
    return out;
  }

  /** The shortest SGR sequence that turns style `from` into `to` ('' when they are equal). */
  transition(from: number, to: number): string {
    if (from === to) return '';
    if (to === 0) return '\u001B[m';
    const target = this.get(to);
    const reset = `\u001B[${['0', ...codesOf(target)].join(';')}m`;
    if (from < 0) return reset;
    const delta = deltaCodes(this.get(from), target);
    const incremental = `\u001B[${delta.join(';')}m`;
    return incremental.length < reset.length ? incremental : reset;
  }

  /** The full SGR sequence for `id` from the default style. */
  sequence(id: number): string {
    return this.transition(0, id);
  }

  private get(id: number): Style {
    return this.styles[id] ?? DEFAULT_STYLE;
  }

  private intern(style: Style): number {
    const key = `${style.flags}|${style.fg}|${style.bg}|${style.ul}`;
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.styles.length;
      this.styles.push(style);
      this.ids.set(key, id);
    }
    return id;
  }
}

function codesOf(style: Style): string[] {
  const codes: string[] = [];
  for (const [flag, on] of FLAG_CODES) if (style.flags & flag) codes.push(on);
  if (style.fg) codes.push(style.fg);
  if (style.bg) codes.push(style.bg);
  if (style.ul) codes.push(style.ul);
  return codes;
}

function deltaCodes(from: Style, to: Style): string[] {
  const codes: string[] = [];
  let flags = from.flags;
  // 22 turns off both bold and dim; the one that stays is turned on again below.
  if ((flags & (BOLD | DIM)) & ~to.flags) {
    codes.push('22');
    flags &= ~(BOLD | DIM);
  }
  for (const [flag, on, off] of FLAG_CODES) {
    if (flag === BOLD || flag === DIM) {
      if (to.flags & flag && !(flags & flag)) codes.push(on);
      continue;
    }
    if (to.flags & flag && !(flags & flag)) codes.push(on);
    else if (!(to.flags & flag) && flags & flag) codes.push(off);
  }
  if (from.fg !== to.fg) codes.push(to.fg || '39');
  if (from.bg !== to.bg) codes.push(to.bg || '49');
  if (from.ul !== to.ul) codes.push(to.ul || '59');
  return codes;
}

/** Applies SGR parameters (`1;38;5;208`, `4:3`, ``) to a style. Unknown codes are ignored. */
function applySgr(style: Style, params: string): Style {
  let { flags, fg, bg, ul } = style;
  const parts = params === '' ? ['0'] : params.split(';');
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] ?? '';
    if (part.includes(':')) {
      // Colon forms: 4:3 (curly underline), 38:2::r:g:b and friends.
      const head = part.slice(0, part.indexOf(':'));
      if (head === '4') flags = part === '4:0' ? flags & ~UNDERLINE : flags | UNDERLINE;
      else if (head === '38') fg = part;
      else if (head === '48') bg = part;
      else if (head === '58') ul = part;
      continue;
    }
    const code = part === '' ? 0 : Number(part);
    if (code === 38 || code === 48 || code === 58) {
      const mode = parts[i + 1];
      const take = mode === '5' ? 2 : mode === '2' ? 4 : 0;
      if (take === 0 || i + take >= parts.length) break;
      const value = parts.slice(i, i + take + 1).join(';');
      i += take;
      if (code === 38) fg = value;
      else if (code === 48) bg = value;
      else ul = value;
      continue;
    }
    if (code === 0) ({ flags, fg, bg, ul } = DEFAULT_STYLE);
    else if (code === 1) flags |= BOLD;
    else if (code === 2) flags |= DIM;
    else if (code === 3) flags |= ITALIC;
    else if (code === 4 || code === 21) flags |= UNDERLINE;
    else if (code === 5 || code === 6) flags |= BLINK;
    else if (code === 7) flags |= INVERSE;
    else if (code === 8) flags |= HIDDEN;
    else if (code === 9) flags |= STRIKE;
    else if (code === 53) flags |= OVERLINE;
    else if (code === 22) flags &= ~(BOLD | DIM);
    else if (code === 23) flags &= ~ITALIC;
    else if (code === 24) flags &= ~UNDERLINE;
    else if (code === 25) flags &= ~BLINK;
    else if (code === 27) flags &= ~INVERSE;
    else if (code === 28) flags &= ~HIDDEN;
    else if (code === 29) flags &= ~STRIKE;
    else if (code === 55) flags &= ~OVERLINE;
    else if ((code >= 30 && code <= 37) || (code >= 90 && code <= 97)) fg = String(code);
    else if (code === 39) fg = '';
    else if ((code >= 40 && code <= 47) || (code >= 100 && code <= 107)) bg = String(code);
    else if (code === 49) bg = '';
    else if (code === 59) ul = '';
  }
  return { flags, fg, bg, ul };
}
