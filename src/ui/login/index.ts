/** The prompts of `pagetui login`: the masked key field and the save-anyway question. */
export { MaskedApiKeyField, type MaskedApiKeyFieldProps } from './MaskedApiKeyField.js';
export { ConfirmPrompt, type ConfirmPromptProps } from './ConfirmPrompt.js';
export { KeyStoreChoice } from './KeyStoreChoice.js';
export type { KeyStorage } from './key-storage.js';
