/**
 * Every message pagetui writes to stderr passes here (installed once, at the start of `main`):
 * a `pagetui: …` line gets single spaces (text/message-spacing.ts, as the status line does).
 */
import { singleSpaced } from '../text/message-spacing.js';

/** `text` as it is written to stderr: message lines single-spaced. */
export function stderrText(text: string): string {
  return text.includes('pagetui: ') ? text.replace(/^pagetui: .*$/gm, singleSpaced) : text;
}

/** Makes every string written to `stream` pass through `stderrText` (bytes pass as they are). */
export function installStderrMessages(stream: NodeJS.WriteStream): void {
  const write = stream.write.bind(stream) as (chunk: unknown, ...rest: unknown[]) => boolean;
  stream.write = ((chunk: unknown, ...rest: unknown[]) => write(typeof chunk === 'string' ? stderrText(chunk) : chunk, ...rest)) as typeof stream.write;
}
