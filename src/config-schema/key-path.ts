import { escapeJsonControls } from '../text/json.js';
import { echoed } from '../text/echoed.js';

/** A place in a JSON document: object keys and array indexes from the root. */
export type KeyPath = readonly (string | number)[];

const PLAIN_KEY = /^[A-Za-z_$][A-Za-z0-9_$-]*$/;

/** `profiles.prod.baseUrl`, `commands[0].argv`, `views["my view"]`; control characters escaped, a long key cut (`echoed`). */
export function keyPathText(path: KeyPath): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else if (PLAIN_KEY.test(part)) out += out === '' ? echoed(part) : `.${echoed(part)}`;
    else out += `[${escapeJsonControls(JSON.stringify(echoed(part)))}]`;
  }
  return out === '' ? '(the whole file)' : out;
}

/** A map key for a path. */
export const pathKey = (path: KeyPath): string => JSON.stringify(path);
