import { expect, it } from 'vitest';
import { canSuspend, leadsItsSession } from '../../src/ui/job-control.js';

it('a process whose group is its session (no job-control shell above it) is told apart, whatever its name', () => {
  expect(leadsItsSession('4242 (node) S 4241 4242 4242 34816 4242 4194560')).toBe(true);
  expect(leadsItsSession('4242 (my (odd) name) S 4100 4242 4100 34816 4242 4194560')).toBe(false);
  expect(canSuspend(() => '7 (node) S 1 7 7 0 -1')).toBe(false);
  expect(canSuspend(() => { throw new Error('no /proc'); })).toBe(true);
});
