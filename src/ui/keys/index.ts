/** Key bindings as data, the matcher for ink input, and help/hint text built from them. */
export { BINDINGS, shortLabel } from './bindings.js';
export type { Binding, BindingGroup, Command, KeySpec, SpecialKey } from './bindings.js';
export { commandsFor } from './match.js';
export { helpLines, hintLine } from './help.js';
export type { HelpGroup, HelpRow } from './help.js';
