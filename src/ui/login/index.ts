/** The prompts of `pagetui login` and the app's key form: the masked key field, the save-anyway question, where the key goes. */
export { MaskedApiKeyField, type MaskedApiKeyFieldProps } from './MaskedApiKeyField.js';
export { ConfirmPrompt, type ConfirmPromptProps } from './ConfirmPrompt.js';
export { useKeyDestination } from './use-key-destination.js';
export { destinationText, type KeyDestination, type KeyStorage } from './key-storage.js';
