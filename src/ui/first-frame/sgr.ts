/**
 * Theme colours as SGR sequences, the way ink's <Text> (through chalk) turns them into escape
 * codes: the 16 named colours (and gray/grey), and `ansi256(n)` where the terminal has 256 colours
 * or more. The screen model compares the resulting cells, not the bytes, so only the meaning of
 * each code has to agree.
 */
const NAMED: Readonly<Record<string, number>> = {
  black: 30, red: 31, green: 32, yellow: 33, blue: 34, magenta: 35, cyan: 36, white: 37,
  blackBright: 90, gray: 90, grey: 90,
  redBright: 91, greenBright: 92, yellowBright: 93, blueBright: 94, magentaBright: 95, cyanBright: 96, whiteBright: 97,
};
const ANSI256 = /^ansi256\(\s?(\d+)\s?\)$/;

export interface TextStyle {
  readonly color?: string;
  readonly backgroundColor?: string;
  readonly bold?: boolean;
  readonly inverse?: boolean;
}

/** Thrown for a colour this module cannot paint as ink would: the caller lets ink draw instead. */
export class UnpaintableColor extends Error {}

function colorCode(color: string, background: boolean, chalkLevel: number): string {
  const named = NAMED[color];
  if (named !== undefined) return String(background ? named + 10 : named);
  const match = ANSI256.exec(color);
  // At level 1 chalk turns a 256-colour code into one of 16 by its own table: never needed by a built-in theme.
  if (match && chalkLevel >= 2) return `${background ? 48 : 38};5;${match[1]}`;
  throw new UnpaintableColor(color);
}

/** `text` in `style`, from and back to the default style. */
export function paint(text: string, style: TextStyle, chalkLevel: number): string {
  const codes: string[] = [];
  if (style.bold) codes.push('1');
  if (style.inverse) codes.push('7');
  if (style.color) codes.push(colorCode(style.color, false, chalkLevel));
  if (style.backgroundColor) codes.push(colorCode(style.backgroundColor, true, chalkLevel));
  if (text === '' || codes.length === 0) return text;
  return `\u001B[${codes.join(';')}m${text}\u001B[0m`;
}
