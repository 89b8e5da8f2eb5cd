/** What `y` and `Y` put on the clipboard, and what the status bar says afterwards. */
import { listItemId } from '../../../api/pager/list-pager.js';
import type { RawItem } from '../../../api/types.js';
import { sanitize } from '../../../text/index.js';
import { clipboardSafe, type Clipboard } from '../../services/clipboard.js';
import { safeJson } from '../../../text/json.js';
import type { StatusMessage } from '../status-message.js';
import { copiedMessage } from './copy-status.js';
import type { ListKind } from '../list/list-view.js';

export type CopyFormat = 'id' | 'json';

/**
 * The text to copy: the item's id (sanitised: no escape sequence or control character survives),
 * or compact JSON of the item as the server sent it (every control character escaped).
 */
export function copyPayload(item: RawItem, kind: ListKind, format: CopyFormat): string {
  if (format === 'json') return safeJson(item);
  return clipboardSafe(sanitize(listItemId(kind)(item)));
}

/** `y` / `Y`: copies the selected item, if any, and says how that went. */
export function copySelected(
  clipboard: Clipboard | undefined,
  item: RawItem | undefined,
  kind: ListKind,
  format: CopyFormat,
  say: (message: StatusMessage) => void,
): void {
  if (!item) return say({ tone: 'info', text: 'Nothing selected to copy.' });
  if (!clipboard) return say({ tone: 'warning', text: 'Copying is not available here.' });
  void copyText(clipboard, item, kind, format).then(say);
}

/** Copies the item and resolves with the status-bar message (never rejects). */
async function copyText(clipboard: Clipboard, item: RawItem, kind: ListKind, format: CopyFormat): Promise<StatusMessage> {
  const id = clipboardSafe(sanitize(listItemId(kind)(item)));
  const text = copyPayload(item, kind, format);
  if (text === '') return { tone: 'warning', text: 'This item has no id to copy.' };
  const what = format === 'json' ? `${id || 'the item'} as JSON` : id;
  try {
    const { method } = await clipboard.copy(text);
    return copiedMessage(what, method);
  } catch (error) {
    return { tone: 'error', text: `Could not copy ${what}: ${error instanceof Error ? error.message : String(error)}` };
  }
}
