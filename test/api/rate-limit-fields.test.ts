import { describe, expect, it } from 'vitest';
import { readRateLimitFields } from '../../src/api/quota/rate-limit-fields.js';
import { MAX_SERVER_WAIT_MS } from '../../src/api/quota/retry-after.js';

const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);

describe('readRateLimitFields: the IETF draft form', () => {
  it('reads RateLimit with its RateLimit-Policy', () => {
    const headers = { 'ratelimit-policy': '"burst";q=100;w=60', ratelimit: '"burst";r=50;t=30' };
    expect(readRateLimitFields(headers, NOW)).toEqual({ remaining: 50, limit: 100, resetAt: NOW + 30_000, windowSeconds: 60 });
  });
  it('takes the policy that binds (fewest left) when several apply', () => {
    const headers = {
      'RateLimit-Policy': '"burst";q=100;w=60, "day";q=1000;w=86400',
      RateLimit: '"burst";r=80;t=10, "day";r=5;t=3600',
    };
    expect(readRateLimitFields(new Headers(headers), NOW)).toEqual({ remaining: 5, limit: 1000, resetAt: NOW + 3_600_000, windowSeconds: 86400 });
  });
  it('reads RateLimit without a policy (no limit known) and accepts token names', () => {
    expect(readRateLimitFields({ ratelimit: 'default;r=7;t=2' }, NOW)).toEqual({ remaining: 7, resetAt: NOW + 2000 });
    expect(readRateLimitFields({ ratelimit: 'default;r=7;t=2', 'ratelimit-policy': 'default;q=9;w=2' }, NOW)).toMatchObject({ limit: 9 });
  });
  it('reads r without t (no reset known)', () => {
    expect(readRateLimitFields({ ratelimit: '"a";r=3' }, NOW)).toEqual({ remaining: 3 });
  });
  it('ignores a malformed RateLimit and falls through to the older forms', () => {
    for (const bad of ['"burst";r=', '"burst";r=-1;t=3', '"burst";r=1.5', '"burst";r="10"', '((', 'burst;r=5;t=3 junk', '']) {
      expect(readRateLimitFields({ ratelimit: bad }, NOW), bad).toBeUndefined();
      expect(readRateLimitFields({ ratelimit: bad, 'x-ratelimit-remaining': '4' }, NOW), bad).toEqual({ remaining: 4 });
    }
  });
  it('ignores a malformed policy (the remaining count still counts)', () => {
    expect(readRateLimitFields({ ratelimit: '"p";r=5;t=1', 'ratelimit-policy': '"p";q=' }, NOW)).toEqual({ remaining: 5, resetAt: NOW + 1000 });
    expect(readRateLimitFields({ ratelimit: '"p";r=5;t=1', 'ratelimit-policy': '"p";q=-3;w=x' }, NOW)).toEqual({ remaining: 5, resetAt: NOW + 1000 });
  });
  it('never reports a limit below what remains', () => {
    expect(readRateLimitFields({ ratelimit: '"p";r=50', 'ratelimit-policy': '"p";q=10' }, NOW)).toEqual({ remaining: 50 });
  });
});

describe('readRateLimitFields: RateLimit-* and X-RateLimit-*', () => {
  it('reads the older draft fields (reset in seconds)', () => {
    const headers = { 'RateLimit-Limit': '200', 'RateLimit-Remaining': '199', 'RateLimit-Reset': '2' };
    expect(readRateLimitFields(headers, NOW)).toEqual({ remaining: 199, limit: 200, resetAt: NOW + 2000 });
  });
  it('reads X-RateLimit-* with a Unix time reset', () => {
    const reset = Math.ceil(NOW / 1000) + 20;
    const headers = { 'x-ratelimit-limit': '5000', 'x-ratelimit-remaining': '4999', 'x-ratelimit-reset': String(reset) };
    expect(readRateLimitFields(headers, NOW)).toEqual({ remaining: 4999, limit: 5000, resetAt: reset * 1000 });
  });
  it('reads the first member of a list-valued limit ("100, 100;w=60")', () => {
    expect(readRateLimitFields({ 'ratelimit-limit': '100, 100;w=60', 'ratelimit-remaining': '9' }, NOW)).toEqual({ remaining: 9, limit: 100 });
  });
  it('ignores malformed values', () => {
    expect(readRateLimitFields({ 'x-ratelimit-remaining': 'lots' }, NOW)).toBeUndefined();
    expect(readRateLimitFields({ 'x-ratelimit-remaining': '-1' }, NOW)).toBeUndefined();
    expect(readRateLimitFields({ 'x-ratelimit-remaining': '1e3' }, NOW)).toBeUndefined();
    expect(readRateLimitFields({ 'x-ratelimit-remaining': '3', 'x-ratelimit-limit': 'x', 'x-ratelimit-reset': 'soon' }, NOW)).toEqual({ remaining: 3 });
  });
  it('prefers the draft form, then RateLimit-*, then X-RateLimit-*', () => {
    const all = { ratelimit: '"q";r=1;t=1', 'ratelimit-remaining': '2', 'x-ratelimit-remaining': '3' };
    expect(readRateLimitFields(all, NOW)?.remaining).toBe(1);
    expect(readRateLimitFields({ 'ratelimit-remaining': '2', 'x-ratelimit-remaining': '3' }, NOW)?.remaining).toBe(2);
  });
  it('says nothing when no field is sent', () => {
    expect(readRateLimitFields({ 'content-type': 'application/json' }, NOW)).toBeUndefined();
    expect(readRateLimitFields(undefined, NOW)).toBeUndefined();
  });
});

describe('readRateLimitFields: a reset far off', () => {
  it('is read as a day at most, as a 429 wait is capped', () => {
    const now = Date.UTC(2026, 10, 29, 5, 0, 0);
    const day = now + MAX_SERVER_WAIT_MS;
    expect(readRateLimitFields({ ratelimit: '"default";r=0;t=999999999', 'ratelimit-policy': '"default";q=100;w=60' }, now)?.resetAt).toBe(day);
    expect(readRateLimitFields({ 'ratelimit-remaining': '0', 'ratelimit-reset': '4102444800' }, now)?.resetAt).toBe(day);
    expect(readRateLimitFields({ 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '999999999' }, now)?.resetAt).toBe(day);
    expect(readRateLimitFields({ ratelimit: '"default";r=0;t=30' }, now)?.resetAt).toBe(now + 30_000);
  });
});
