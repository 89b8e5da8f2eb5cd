import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { detectBackground } from '../../../src/ui/theme/detect.js';

const DA1 = '\u001B[?64;1;2;6;22c';

/** Fake TTY streams; the terminal answers `answer` `afterMs` after the query (never when undefined). */
function terminal(answer: string | undefined, afterMs = 0) {
  const stdin = Object.assign(new PassThrough(), { isTTY: true, isRaw: false, setRawMode: () => stdin });
  const stdout = Object.assign(new PassThrough(), { isTTY: true });
  let asked = 0;
  stdout.on('data', () => {
    asked++;
    if (answer !== undefined) setTimeout(() => stdin.write(answer), afterMs);
  });
  return { io: { stdin: stdin as unknown as NodeJS.ReadStream, stdout: stdout as unknown as NodeJS.WriteStream }, asked: () => asked };
}

const env = { TERM: 'xterm-256color' };

describe('detectBackground', () => {
  it('says the terminal decided, and how long it took', async () => {
    const t = terminal(`\u001B]11;rgb:ffff/ffff/ffff\u0007${DA1}`, 30);
    const found = await detectBackground({ env, io: t.io });
    expect(found).toMatchObject({ background: 'light', how: 'terminal' });
    expect(found.replyMs).toBeGreaterThanOrEqual(25);
  });

  it('falls back on COLORFGBG, then dark, when only DA1 comes; the reply time is DA1s', async () => {
    expect(await detectBackground({ env: { ...env, COLORFGBG: '0;15' }, io: terminal(DA1).io })).toMatchObject({ background: 'light', how: 'COLORFGBG' });
    const found = await detectBackground({ env, io: terminal(DA1).io });
    expect(found).toMatchObject({ background: 'dark', how: 'default' });
    expect(found.replyMs).toBeTypeOf('number');
  });

  it('gives up at the cap when nothing answers', async () => {
    const found = await detectBackground({ env, io: terminal(undefined).io, capMs: 30 });
    expect(found).toEqual({ background: 'dark', how: 'default' });
  });

  it('does not ask when the user chose, and says where', async () => {
    const t = terminal(DA1);
    expect(await detectBackground({ env, io: t.io, flag: 'light' })).toEqual({ background: 'light', how: 'flag' });
    expect(await detectBackground({ env: { ...env, PAGETUI_THEME: 'light' }, io: t.io, configured: 'dark' })).toEqual({ background: 'light', how: 'PAGETUI_THEME' });
    expect(await detectBackground({ env, io: t.io, configured: 'light' })).toEqual({ background: 'light', how: 'config' });
    expect(await detectBackground({ env: { ...env, NO_COLOR: '1' }, io: t.io })).toMatchObject({ how: 'not-asked' });
    expect(t.asked()).toBe(0);
  });
});
