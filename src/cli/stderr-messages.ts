/**
 * Every message pagetui writes to stderr passes here (installed once, at the start of `main`):
 * a `pagetui: …` line gets single spaces (text/message-spacing.ts, as the status line does), and
 * where stderr is a terminal whose locale is not UTF-8 the text is ASCII, by the rule the app's
 * screen and the commands' table follow (text/charset.ts; `--utf8` or PAGETUI_UTF8=1 keep UTF-8).
 */
import { asciiWanted } from '../text/charset.js';
import { toAscii } from '../text/glyphs.js';
import { singleSpaced } from '../text/message-spacing.js';

type Env = Readonly<Record<string, string | undefined>>;

/** `text` as it is written to stderr: message lines single-spaced, and ASCII when `ascii`. */
export function stderrText(text: string, ascii: boolean): string {
  const spaced = text.includes('pagetui: ') ? text.replace(/^pagetui: .*$/gm, singleSpaced) : text;
  return ascii ? toAscii(spaced) : spaced;
}

/** Whether stderr must be ASCII: a terminal, a locale that is not UTF-8, and no `--utf8` among `argv`. */
export function stderrAscii(stream: { readonly isTTY?: boolean }, env: Env, argv: readonly string[]): boolean {
  const options = argv.includes('--') ? argv.slice(0, argv.indexOf('--')) : argv;
  return stream.isTTY === true && asciiWanted(env, options.includes('--utf8'));
}

/** Makes every string written to `stream` pass through `stderrText` (bytes pass as they are). */
export function installStderrMessages(stream: NodeJS.WriteStream, ascii: boolean): void {
  const write = stream.write.bind(stream) as (chunk: unknown, ...rest: unknown[]) => boolean;
  stream.write = ((chunk: unknown, ...rest: unknown[]) => write(typeof chunk === 'string' ? stderrText(chunk, ascii) : chunk, ...rest)) as typeof stream.write;
}
