/** Public surface of the auth module: config, base URL resolution, key storage and login helpers. */
export * from './result.js';
export * from './config.js';
export * from './keychain.js';
export { readFileKey, writeFileKey, deleteFileKey, type FileStoreOptions } from './file-store.js';
export * from './key-source.js';
export * from './login.js';
