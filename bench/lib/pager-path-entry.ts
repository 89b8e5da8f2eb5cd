// Bundled by bench/pager-path.mjs: the app's client, exchange log and list pager, as `G` uses them.
export { createApiClient } from '../../src/api/http/client.js';
export { ExchangeLog } from '../../src/api/inspector/exchange-log.js';
export { listPager } from '../../src/api/pager/list-pager.js';
