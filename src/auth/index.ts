/** Public surface of the auth module: config, base URL resolution, key storage and login helpers. */
export * from './result.js';
export * from './config.js';
export * from './base-url-source.js';
export * from './keychain.js';
export { type FileStoreOptions } from './file-store.js';
export * from './api-key-source.js';
export * from './login.js';
