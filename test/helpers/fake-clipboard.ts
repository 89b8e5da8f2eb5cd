/** A clipboard that keeps what was copied and says it used the method `test`. */
import type { Clipboard } from '../../src/ui/services/clipboard.js';

export function fakeClipboard(): Clipboard & { copied: string[] } {
  const copied: string[] = [];
  return { copied, copy: async (text) => (copied.push(text), { method: 'test' }) };
}
