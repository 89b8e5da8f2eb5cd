import { describe, expect, it } from 'vitest';
import { OneRequest } from '../../src/api/pager/pager-request.js';

describe('OneRequest', () => {
  it('tells the request in flight apart from earlier ones', () => {
    const one = new OneRequest();
    const first = one.start();
    expect(one.busy).toBe(true);
    expect(one.isCurrent(first)).toBe(true);
    one.settle();
    expect(one.busy).toBe(false);
    expect(one.isCurrent(first)).toBe(false);
    const second = one.start();
    expect(one.isCurrent(second)).toBe(true);
    expect(one.isCurrent(first)).toBe(false);
  });

  it('shares one signal between requests until one is aborted, then starts a fresh one', () => {
    const one = new OneRequest();
    const first = one.start();
    one.settle();
    const second = one.start();
    expect(second.signal).toBe(first.signal);
    expect(one.abort()).toBe(true);
    expect(second.signal.aborted).toBe(true);
    expect(one.busy).toBe(false);
    const third = one.start();
    expect(third.signal.aborted).toBe(false);
    expect(third.signal).not.toBe(second.signal);
  });

  it('aborts nothing when no request is in flight', () => {
    const one = new OneRequest();
    expect(one.abort()).toBe(false);
    const token = one.start();
    one.settle();
    expect(one.abort()).toBe(false);
    expect(token.signal.aborted).toBe(false);
  });
});
