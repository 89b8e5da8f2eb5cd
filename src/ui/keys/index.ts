/** Key bindings as data, the matcher for ink input, and help/hint text built from them. */
export { BINDINGS, shortLabel } from './bindings.js';
export type { Binding, BindingGroup, Command, KeyContext, KeySpec, SpecialKey } from './bindings.js';
export { commandsFor, createMatcher, matcherFor } from './match.js';
export type { ContextMatcher, KeyId, KeyPress, MatchedPress } from './match.js';
export { footerHint, footerCommands, helpLines, helpSections, hintLine, keysIn, SCREEN_CONTEXT } from './help.js';
export type { HelpGroup, HelpRow, HelpSection, Screen } from './help.js';
export { useKeyCommands } from './use-key-commands.js';
