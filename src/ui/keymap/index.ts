/** The config's `"keys"` and `"commands"` over the key table; nothing here loads React or ink. */
export { applyKeymap, buildKeymap, defaultKeymap, type ConfigPlace, type Keymap, type KeymapConfig } from './keymap.js';
export { keysListing } from './keys-listing.js';
export { quickKeys } from './quick-keys.js';
export type { OwnCommand } from './own-commands.js';
// Key names for texts outside the app (pagetui login): without the keys index, which brings React.
export { keyNamed } from '../keys/help.js';
