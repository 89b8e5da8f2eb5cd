/** A refresh that failed with an answer of no words (an empty 502) says it failed, with no colon left hanging. */
import { expect, it } from 'vitest';
import { ApiError } from '../../../src/api/http/errors.js';
import { errorFromResponse } from '../../../src/api/http/parse.js';
import type { PagerSnapshot } from '../../../src/api/types.js';
import { describeStatus } from '../../../src/ui/store/status.js';
import { groupsOf } from './helpers.js';

const shown: PagerSnapshot = { items: groupsOf(36), state: 'done', hasMore: false, warnings: [], pagesFetched: 1, loadingAll: false, version: 1 };
const failed = (error: ApiError): PagerSnapshot => ({ items: [], state: 'error', hasMore: true, error, warnings: [], pagesFetched: 0, loadingAll: false, version: 2 });

it('an empty 502 says "Refresh failed", not "Refresh failed:" and nothing', () => {
  const error = errorFromResponse({ status: 502, bodyText: '', now: 0, path: '/v0/page_groups' });
  const message = describeStatus(shown, undefined, 0, undefined, failed(error)).message;
  expect(message?.text).not.toMatch(/:\s*$/);
  expect(message?.text).toMatch(/^Refresh failed/);
});
