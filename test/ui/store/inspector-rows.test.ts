import { describe, expect, it } from 'vitest';
import { ExchangeLog } from '../../../src/api/inspector/exchange-log.js';
import { INSPECTOR_ROWS, newestFirst } from '../../../src/ui/store/inspector/inspector-flow.js';

describe('the inspector list', () => {
  it('shows the last 200 exchanges, newest first, when the log keeps a whole --har run', () => {
    const log = new ExchangeLog({ capacity: 10_000 });
    for (let i = 0; i < 250; i++) log.begin('GET', 'http://x', `/v0/page_groups?n=${i}`, {}).response(200, {}, 2, '{}');
    expect(log.entries()).toHaveLength(250);
    const listed = newestFirst(log);
    expect(INSPECTOR_ROWS).toBe(200);
    expect(listed).toHaveLength(200);
    expect(listed[0]?.path).toBe('/v0/page_groups?n=249');
    expect(listed.at(-1)?.path).toBe('/v0/page_groups?n=50');
  });
});
