/** The prompts of `pagetui login`: the masked key field and the save-anyway question. */
export { MaskedApiKeyField, type MaskedApiKeyFieldProps } from './MaskedApiKeyField.js';
export { ConfirmPrompt, type ConfirmPromptProps } from './ConfirmPrompt.js';
