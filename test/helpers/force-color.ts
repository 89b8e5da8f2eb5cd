/**
 * Import before ink (ink-testing-library included): its chalk reads FORCE_COLOR when it loads, and
 * frames then carry colours and inverse video. The previous value comes back after the file's tests.
 */
import { afterAll } from 'vitest';

const previous = process.env['FORCE_COLOR'];
process.env['FORCE_COLOR'] = '1';
afterAll(() => {
  if (previous === undefined) delete process.env['FORCE_COLOR'];
  else process.env['FORCE_COLOR'] = previous;
});
