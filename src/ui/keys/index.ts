/** Key bindings as data, the focus and the matcher for decoded keys, and help/hint text built from them. */
export { BINDINGS, FIELD_COMMANDS, shortLabel, TEXT_CONTEXTS } from './bindings.js';
export type { Binding, BindingGroup, Command, KeyContext, KeySpec, SpecialKey } from './bindings.js';
export { commandsFor, createMatcher, focusOf, matcherFor } from './match.js';
export type { AppFocus, ContextMatcher, FocusState, KeyId, KeyPress, MatchedPress } from './match.js';
export { footerHint, footerCommands, helpLines, helpSections, hintLine, keyIn, keyNamed, keysIn, SCREEN_CONTEXT, TEXT_FIELDS_TITLE } from './help.js';
export type { HelpGroup, HelpRow, HelpSection, Screen } from './help.js';
export { useKeyCommands } from './use-key-commands.js';
export { decodeFieldInput } from './field-keys.js';
export type { FieldInput } from './field-keys.js';
