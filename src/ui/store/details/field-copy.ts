/** `y` in the details: copies the value of the selected field, and says how that went. */
import { sanitize, truncate } from '../../../text/index.js';
import { safeJson } from '../../../text/json.js';
import type { StatusMessage } from '../status-message.js';
import { clipboardSafe, type Clipboard } from '../../services/clipboard.js';
import { copiedMessage } from './copy-status.js';

/** The text a field's value copies as: strings as they are (sanitised), other values as JSON. */
function fieldValueText(value: unknown): string {
  if (typeof value === 'string') return clipboardSafe(sanitize(value));
  return safeJson(value);
}

/** Copies field `field` (index in the server's order) of `record`. */
export function copyField(
  clipboard: Clipboard | undefined,
  record: Readonly<Record<string, unknown>> | undefined,
  field: number,
  say: (message: StatusMessage) => void,
): void {
  const entry = record ? Object.entries(record)[field] : undefined;
  if (!entry) return say({ tone: 'info', text: 'No field selected to copy.' });
  if (!clipboard) return say({ tone: 'warning', text: 'Copying is not available here.' });
  const name = truncate(sanitize(entry[0]), 40);
  const text = fieldValueText(entry[1]);
  // Copying '' would empty the clipboard (or, through tmux, make no buffer) while saying it copied.
  if (text === '') return say({ tone: 'info', text: `${name} is empty; nothing copied.` });
  void clipboard.copy(text).then(
    ({ method }) => say(copiedMessage(`the value of ${name}`, method)),
    (error: unknown) => say({ tone: 'error', text: `Could not copy ${name}: ${error instanceof Error ? error.message : String(error)}` }),
  );
}
