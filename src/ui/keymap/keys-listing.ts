/**
 * `pagetui keys`: every action of the table in effect, grouped by the context it acts in, with
 * its keys written as the config writes them, so a line can be copied into `"keys"`.
 */
import type { Binding, KeyContext } from '../keys/bindings.js';
import { contextTitle } from '../keys/help.js';
import { sanitizeString } from '../../text/sanitize.js';
import { keyNamesOf } from './key-names.js';
import { usableIn } from './usable.js';

const CONTEXTS: readonly KeyContext[] = ['list', 'detail', 'help', 'filter', 'export', 'overwrite', 'jump', 'viewName', 'viewPicker', 'keyEntry', 'inspector', 'exchange', 'errorView', 'loginKey', 'confirm'];

/** The listing, one block per context: `  action  keys  what it does there`. */
export function keysListing(bindings: readonly Binding[]): string {
  const blocks = CONTEXTS.map((context) => {
    const rows = bindings
      .filter((b) => b.contexts.includes(context))
      .map((b) => {
        const keys = keyNamesOf(b.keys.filter((s) => usableIn(s, context)));
        const where = b.screen === undefined || b.screen === 'detail' ? '' : ` (${b.screen} only)`;
        return [b.command.replace(/^custom:(\d+)$/, 'commands[$1]'), keys.join(', '), `${sanitizeString(b.describedIn?.[context] ?? b.description)}${where}`] as const;
      })
      .filter(([, keys]) => keys !== '');
    const width = Math.max(...rows.map(([command]) => command.length));
    const keysWidth = Math.max(...rows.map(([, keys]) => keys.length));
    const lines = rows.map(([command, keys, words]) => `  ${command.padEnd(width)}  ${keys.padEnd(keysWidth)}  ${words}`);
    return `${contextTitle(context, bindings)} [${context}]\n${lines.join('\n')}`;
  });
  return `${blocks.join('\n\n')}\n`;
}
