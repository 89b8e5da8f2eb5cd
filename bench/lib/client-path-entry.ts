// Bundled by bench/client-path.mjs: the app's client and exchange log, as `G` uses them.
export { createApiClient } from '../../src/api/http/client.js';
export { ExchangeLog } from '../../src/api/inspector/exchange-log.js';
