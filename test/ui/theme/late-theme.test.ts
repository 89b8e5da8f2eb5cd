/** A terminal that answers the background query after the wait: the theme switches, and the switch is told (for --log). */
import { expect, it } from 'vitest';
import { waitFor } from '../../helpers/wait-for.js';
import { fakeTtyStreams } from '../../helpers/fake-tty.js';
import { chooseStartupTheme, lateBackgroundLine } from '../../../src/ui/theme/startup.js';
import type { BackgroundDetection } from '../../../src/ui/theme/detect.js';

const WHITE = '\u001B]11;rgb:ffff/ffff/ffff\u0007';
const DA1 = '\u001B[?64;1;2;6;22c';

function lateTerminal(afterMs: number) {
  const { stdin, stdout } = fakeTtyStreams();
  let answered = false;
  stdout.on('data', () => {
    if (answered) return;
    answered = true;
    setTimeout(() => stdin.write(Buffer.from(`${WHITE}${DA1}`, 'latin1')), afterMs);
  });
  return { stdin: stdin as unknown as NodeJS.ReadStream, stdout: stdout as unknown as NodeJS.WriteStream };
}

it('the late answer switches the theme and is handed on, with how long it took', async () => {
  const switches: BackgroundDetection[] = [];
  const started = await chooseStartupTheme({ env: { TERM: 'xterm-256color', COLORTERM: 'truecolor' }, io: lateTerminal(80), capMs: 20, onLateSwitch: (d) => switches.push(d) });
  expect(started.detection.background).toBe('dark');
  await waitFor('the late answer', () => switches.length === 1, 3000);
  expect(switches[0]?.background).toBe('light');
  const line = lateBackgroundLine(switches[0] as BackgroundDetection);
  expect(line).toMatch(/^background light \(late answer, \d+(\.\d)? s\)$|^background light \(late answer, \d+ ms\)$/);
});

it('says the late answer in seconds as --log writes it', () => {
  expect(lateBackgroundLine({ background: 'light', how: 'terminal-late', replyMs: 1400 })).toBe('background light (late answer, 1.4 s)');
});
