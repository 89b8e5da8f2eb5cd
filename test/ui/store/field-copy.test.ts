/** `y` in the details on an empty value says nothing was copied and leaves the clipboard alone. */
import { expect, it } from 'vitest';
import { copyField } from '../../../src/ui/store/details/field-copy.js';
import type { StatusMessage } from '../../../src/ui/store/status-message.js';
import { fakeClipboard } from '../../helpers/fake-clipboard.js';


const record = { id: 'grp-1', customName: '', title: 'Evergreen' };

it('an empty value: "customName is empty; nothing copied." and the clipboard is not touched', async () => {
  const clipboard = fakeClipboard();
  const said: StatusMessage[] = [];
  copyField(clipboard, record, 1, (m) => said.push(m));
  await Promise.resolve();
  await new Promise((resolve) => setImmediate(resolve));
  expect(clipboard.copied).toEqual([]);
  expect(said.map((m) => m.text)).toEqual(['customName is empty; nothing copied.']);
});

it('a value with text is copied', async () => {
  const clipboard = fakeClipboard();
  const said: StatusMessage[] = [];
  copyField(clipboard, record, 2, (m) => said.push(m));
  await new Promise((resolve) => setImmediate(resolve));
  expect(clipboard.copied).toEqual(['Evergreen']);
  expect(said[0]?.text).toContain('Copied the value of title');
});
