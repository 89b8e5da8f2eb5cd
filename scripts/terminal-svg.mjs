// Renders a headless xterm's screen (characters, colours, bold, inverse) as an SVG image.

const ANSI = [
  '#1e1e1e', '#f14c4c', '#23d18b', '#f5f543', '#3b8eea', '#d670d6', '#29b8db', '#e5e5e5',
  '#666666', '#f14c4c', '#23d18b', '#f5f543', '#3b8eea', '#d670d6', '#29b8db', '#ffffff',
];
const DEFAULT_FG = '#d4d4d4';
const DEFAULT_BG = '#1e1e1e';
const CELL_W = 8.4;
const CELL_H = 18;
const FONT_SIZE = 14;

function palette(index) {
  if (index < 16) return ANSI[index];
  if (index < 232) {
    const n = index - 16;
    const level = (v) => (v === 0 ? 0 : 55 + v * 40);
    const [r, g, b] = [Math.floor(n / 36), Math.floor(n / 6) % 6, n % 6].map(level);
    return `rgb(${r},${g},${b})`;
  }
  const grey = 8 + (index - 232) * 10;
  return `rgb(${grey},${grey},${grey})`;
}

function colour(cell, which) {
  const isDefault = which === 'fg' ? cell.isFgDefault() : cell.isBgDefault();
  if (isDefault) return undefined;
  const value = which === 'fg' ? cell.getFgColor() : cell.getBgColor();
  const rgb = which === 'fg' ? cell.isFgRGB() : cell.isBgRGB();
  if (rgb) return `#${value.toString(16).padStart(6, '0')}`;
  return palette(value);
}

const escapeXml = (text) =>
  text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]);

/** An SVG string of the terminal's visible screen. */
export function terminalToSvg(term, title = 'pagetui') {
  const buffer = term.buffer.active;
  const width = Math.ceil(term.cols * CELL_W) + 20;
  const height = term.rows * CELL_H + 44;
  const parts = [];
  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<title>${escapeXml(title)}</title>`,
    `<rect width="100%" height="100%" rx="8" fill="${DEFAULT_BG}"/>`,
    '<circle cx="16" cy="14" r="5" fill="#ff5f56"/><circle cx="32" cy="14" r="5" fill="#ffbd2e"/><circle cx="48" cy="14" r="5" fill="#27c93f"/>',
    `<g transform="translate(10,30)" font-family="'DejaVu Sans Mono','Menlo','Consolas',monospace" font-size="${FONT_SIZE}" xml:space="preserve">`,
  );
  const rects = [];
  const texts = [];
  for (let y = 0; y < term.rows; y++) {
    const line = buffer.getLine(buffer.viewportY + y);
    if (!line) continue;
    let x = 0;
    // Background runs become one rectangle each (no seams between cells).
    let run;
    const flush = () => {
      if (run) rects.push(`<rect x="${(run.start * CELL_W).toFixed(1)}" y="${y * CELL_H}" width="${((run.end - run.start) * CELL_W).toFixed(1)}" height="${CELL_H}" fill="${run.bg}"/>`);
      run = undefined;
    };
    while (x < term.cols) {
      const cell = line.getCell(x);
      if (!cell) break;
      const cellWidth = cell.getWidth();
      if (cellWidth === 0) {
        x++;
        continue;
      }
      let fg = colour(cell, 'fg') ?? DEFAULT_FG;
      let bg = colour(cell, 'bg');
      if (cell.isInverse()) {
        [fg, bg] = [bg ?? DEFAULT_BG, fg];
      }
      const chars = cell.getChars();
      const px = x * CELL_W;
      const py = y * CELL_H;
      if (bg && run && run.bg === bg && run.end === x) run.end = x + cellWidth;
      else {
        flush();
        if (bg) run = { bg, start: x, end: x + cellWidth };
      }
      if (chars && chars !== ' ') {
        const weight = cell.isBold() ? ' font-weight="bold"' : '';
        const dim = cell.isDim() ? ' opacity="0.6"' : '';
        texts.push(
          `<text x="${px.toFixed(1)}" y="${py + CELL_H - 5}" fill="${fg}"${weight}${dim}>${escapeXml(chars)}</text>`,
        );
      }
      x += cellWidth;
    }
    flush();
  }
  parts.push(...rects, ...texts, '</g></svg>');
  return parts.join('\n');
}
