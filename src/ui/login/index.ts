/** The prompts of `pagetui login`: the masked key field and the save-anyway question. */
export { MaskedKeyField, type MaskedKeyFieldProps } from './MaskedKeyField.js';
export { ConfirmPrompt, type ConfirmPromptProps } from './ConfirmPrompt.js';
