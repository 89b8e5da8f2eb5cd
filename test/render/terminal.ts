/**
 * Headless xterm screens for the render tests: one terminal per stream of bytes, a width table
 * that agrees with string-width (what ink and the app measure with; xterm's own Unicode 6 table
 * counts emoji as one column, as old terminals did), and a cell-by-cell comparison.
 */
import xtermHeadless from '@xterm/headless';
import stringWidth from 'string-width';

const { Terminal } = xtermHeadless;
export type HeadlessTerminal = InstanceType<typeof Terminal>;

/**
 * xterm.js packs (state, width, join) as `state << 3 | width << 1 | join` (UnicodeService); a
 * zero-width code point joins the character before it, as in xterm's own Unicode 6 provider.
 */
function charProperties(codepoint: number, preceding: number): number {
  let width: number = widthOf(codepoint);
  let join = width === 0 && preceding !== 0;
  if (join) {
    const before = (preceding >> 1) & 3;
    if (before === 0) join = false;
    else width = Math.max(width, before);
  }
  return ((width & 3) << 1) | (join ? 1 : 0);
}

const widthOf = (codepoint: number): 0 | 1 | 2 => {
  const w = stringWidth(String.fromCodePoint(codepoint));
  return w >= 2 ? 2 : w === 0 ? 0 : 1;
};

/** `oldWidths`: keep xterm's Unicode 6 table, where emoji take one column (as in older terminals). */
export function makeTerminal(cols: number, rows: number, { oldWidths = false } = {}): HeadlessTerminal {
  const term = new Terminal({ cols, rows, allowProposedApi: true });
  if (!oldWidths) {
    term.unicode.register({ version: 'string-width', wcwidth: widthOf, charProperties });
    term.unicode.activeVersion = 'string-width';
  }
  // The app draws on the alternate screen: no scrollback, no reflow on resize.
  term.write('\u001B[?1049h');
  return term;
}

export function feed(term: HeadlessTerminal, data: string): Promise<void> {
  return new Promise((resolve) => term.write(data, resolve));
}

/** A cell as it looks: blank cells ignore the foreground unless it is visible on a blank. */
function describeCell(term: HeadlessTerminal, x: number, y: number): string {
  const buffer = term.buffer.active;
  const cell = buffer.getLine(buffer.baseY + y)?.getCell(x);
  if (!cell) return '(none)';
  const width = cell.getWidth();
  const chars = cell.getChars() || (width === 0 ? '' : ' ');
  const bg = `${cell.getBgColorMode()}:${cell.getBgColor()}`;
  const fg = `${cell.getFgColorMode()}:${cell.getFgColor()}`;
  const lines = [cell.isUnderline(), cell.isStrikethrough(), cell.isOverline()].map(Number).join('');
  const inverse = cell.isInverse();
  if (chars === ' ' && !inverse && lines === '000') return `' ' bg=${bg}`;
  const flags = [cell.isBold(), cell.isDim(), cell.isItalic(), cell.isBlink(), cell.isInvisible()].map(Number).join('');
  return `${JSON.stringify(chars)} w=${width} fg=${fg} bg=${bg} inv=${Number(inverse)} lines=${lines} flags=${flags}`;
}

/**
 * Every difference between two screens of the same size, as readable lines (empty when equal).
 * `skip` leaves out cells, e.g. those of an emoji the two terminals measure differently.
 */
export function screenDifferences(
  a: HeadlessTerminal,
  b: HeadlessTerminal,
  skip: (x: number, y: number) => boolean = () => false,
): string[] {
  const out: string[] = [];
  if (a.cols !== b.cols || a.rows !== b.rows) return [`size ${a.cols}x${a.rows} vs ${b.cols}x${b.rows}`];
  for (let y = 0; y < a.rows; y++) {
    for (let x = 0; x < a.cols; x++) {
      if (skip(x, y)) continue;
      const left = describeCell(a, x, y);
      const right = describeCell(b, x, y);
      if (left !== right) out.push(`(${x},${y}): ${left}  ≠  ${right}`);
    }
  }
  return out;
}

/** The screen as text, for failure messages. */
export function screenText(term: HeadlessTerminal): string {
  const lines: string[] = [];
  const buffer = term.buffer.active;
  for (let y = 0; y < term.rows; y++) lines.push(buffer.getLine(buffer.baseY + y)?.translateToString(true, 0, term.cols) ?? '');
  return lines.join('\n');
}
