/** Test helpers: capturing writable streams and an injected ListIo. */
import { Writable } from 'node:stream';
import type { ListIo } from '../../src/cli/commands/list-commands.js';

/** A writable that keeps everything written to it as text. */
class Capture extends Writable {
  text = '';
  writes = 0;
  override _write(chunk: Buffer | string, _enc: BufferEncoding, done: (error?: Error | null) => void): void {
    this.text += chunk.toString();
    this.writes++;
    done();
  }
  lines(): string[] {
    return this.text.split('\n').filter((l) => l !== '');
  }
}

export interface TestIo {
  readonly io: ListIo;
  readonly stdout: Capture;
  readonly stderr: Capture;
}

/** An io whose env holds only what is given (no real keychain or config file is read). */
export function testIo(env: Record<string, string | undefined> = {}, extra: Partial<ListIo> = {}): TestIo {
  const stdout = new Capture();
  const stderr = new Capture();
  return {
    stdout,
    stderr,
    io: {
      stdout,
      stderr,
      env: { XDG_CONFIG_HOME: '/nonexistent-pagetui-test-config', HOME: '/nonexistent-pagetui-test-home', ...env },
      isTTY: false,
      // A keytar module that does not exist: the keychain lookup fails fast instead of touching a real one.
      keychain: { keytarPath: '/nonexistent/keytar.js', timeoutMs: 2000 },
      ...extra,
    },
  };
}
