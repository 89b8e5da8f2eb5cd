/** The ink prompts of `pagetui login` through ink's real input pipeline (ink-testing-library). */
import { render } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { setAsciiOnly } from '../../src/text/charset.js';
import { ConfirmPrompt, MaskedApiKeyField } from '../../src/ui/login/index.js';
import { SECRET } from './helpers.js';

afterEach(() => setAsciiOnly(false));

const tick = () => new Promise((resolve) => setTimeout(resolve, 10));

/**
 * Waits until `check()` holds. Input written before ink has attached its stdin listener is lost by
 * the fake stdin, so tests wait for what is drawn, and for the listener, instead of sleeping.
 */
async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (check()) return;
    await tick();
  }
  throw new Error(`timed out waiting for ${what}`);
}

const listening = (stdin: NodeJS.EventEmitter) => () => stdin.listenerCount('readable') > 0;

function field(context?: 'keyEntry') {
  const submitted: string[] = [];
  let cancelled = 0;
  let quit = 0;
  const r = render(
    <MaskedApiKeyField
      origin="https://pages.example.com"
      destination="the system keychain"
      onSubmit={(k) => submitted.push(k)}
      onCancel={() => cancelled++}
      {...(context ? { context, onQuit: () => quit++ } : {})}
    />,
  );
  return { ...r, submitted, cancelled: () => cancelled, quit: () => quit };
}

describe('MaskedApiKeyField', () => {
  it('refuses a pasted key of 200,000 characters in place, saying why without the key', async () => {
    const f = field();
    await until(listening(f.stdin), 'the input listener');
    const pasted = `k${'Q'.repeat(199_999)}`;
    f.stdin.write(`${pasted}\r`);
    await until(() => (f.lastFrame() ?? '').includes('4,096'), 'the reason');
    expect(f.submitted).toEqual([]);
    expect(f.lastFrame()).toContain('200,000 characters long');
    for (const frame of f.frames) expect(frame).not.toContain('QQQQQQQQ');
  });

  it('draws the same 8 • whatever the length (never the key, nor how long it is), and submits the trimmed key on Enter', async () => {
    const f = field();
    await until(listening(f.stdin), 'the input listener');
    expect(f.lastFrame()).toContain('API key for https://pages.example.com');
    expect(f.lastFrame()).toContain('the system keychain');
    const dots = (): number => (f.lastFrame() ?? '').split('•').length - 1;
    f.stdin.write(SECRET.slice(0, 3)); // typed in pastes: 3 characters, then 10, then the rest
    await until(() => dots() === 8, 'the mask');
    f.stdin.write(SECRET.slice(3, 10));
    await tick();
    f.stdin.write(SECRET.slice(10));
    await tick();
    expect(SECRET.length).toBeGreaterThan(10);
    for (const frame of f.frames) expect(frame.split('•').length - 1).toBeOneOf([0, 8]);
    f.stdin.write('\r');
    await until(() => f.submitted.length > 0, 'the submit');
    expect(f.submitted).toEqual([SECRET]);
    for (const frame of f.frames) expect(frame).not.toContain(SECRET);
    f.unmount();
  });

  it('under a non-UTF-8 locale masks with *, never a byte the terminal cannot show', async () => {
    setAsciiOnly(true);
    const f = field();
    await until(listening(f.stdin), 'the input listener');
    f.stdin.write(SECRET);
    await until(() => (f.lastFrame() ?? '').includes('*'.repeat(8)), 'the key masked');
    expect(f.lastFrame()).not.toContain('*'.repeat(9));
    for (const frame of f.frames) {
      expect(frame).not.toContain(SECRET);
      expect(frame).not.toContain('•');
    }
    f.unmount();
  });

  it('refuses an empty key and a key with spaces in place', async () => {
    const f = field();
    await until(listening(f.stdin), 'the input listener');
    f.stdin.write('\r');
    await until(() => (f.lastFrame() ?? '').includes('The key is empty.'), 'the empty-key message');
    await tick();
    f.stdin.write('ab cd');
    await until(() => (f.lastFrame() ?? '').includes('•'.repeat(8)) && !(f.lastFrame() ?? '').includes('The key is empty.'), 'the typed text, the message gone');
    await tick();
    await tick();
    f.stdin.write('\r');
    await until(() => (f.lastFrame() ?? '').includes('The key contains spaces.'), 'the spaces message');
    expect(f.submitted).toEqual([]);
    f.unmount();
  });

  it('Esc cancels', async () => {
    const f = field();
    await until(listening(f.stdin), 'the input listener');
    f.stdin.write('\u001b');
    await until(() => f.cancelled() > 0, 'the cancel');
    expect(f.cancelled()).toBe(1);
    f.unmount();
  });

  it('Ctrl-c read together with typed characters cancels `pagetui login` (fast typing, a slow link)', async () => {
    const f = field();
    await until(listening(f.stdin), 'the input listener');
    f.stdin.write('ab\u0003');
    await until(() => f.cancelled() > 0, 'the cancel');
    expect(f.cancelled()).toBe(1);
    expect(f.submitted).toEqual([]);
    f.unmount();
  });

  it("Ctrl-c read together with typed characters quits from the app's form", async () => {
    const f = field('keyEntry');
    await until(listening(f.stdin), 'the input listener');
    f.stdin.write('ab\u0003');
    await until(() => f.quit() > 0, 'the quit');
    expect([f.quit(), f.cancelled()]).toEqual([1, 0]);
    f.unmount();
  });
});

describe('ConfirmPrompt', () => {
  async function answer(keys: string): Promise<boolean[]> {
    const answers: boolean[] = [];
    const r = render(<ConfirmPrompt reason="It failed." question="Save the key anyway?" onAnswer={(a) => answers.push(a)} />);
    await until(listening(r.stdin), 'the input listener');
    expect(r.lastFrame()).toContain('Save the key anyway? (y/N)');
    r.stdin.write(keys);
    for (let i = 0; i < 5; i++) await tick(); // an ignored key draws nothing to wait for
    r.unmount();
    return answers;
  }

  it('y means yes; n, Enter and Esc mean no; other keys are ignored', async () => {
    expect(await answer('y')).toEqual([true]);
    expect(await answer('Y')).toEqual([true]);
    expect(await answer('n')).toEqual([false]);
    expect(await answer('\r')).toEqual([false]);
    expect(await answer('\u001b')).toEqual([false]);
    expect(await answer('x')).toEqual([]);
  });
});
