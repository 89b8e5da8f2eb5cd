import { TEXT_CONTEXTS, type KeyContext, type KeySpec } from '../keys/bindings.js';

/** Whether a key can act in a context: letters are text in a text field, and Alt is read only there. */
export const usableIn = (spec: KeySpec, context: KeyContext): boolean =>
  TEXT_CONTEXTS.has(context) ? !('char' in spec) : !('alt' in spec);
