import { describe, expect, it } from 'vitest';
import { backoffDelayMs, headerValue, MAX_SERVER_WAIT_MS, retryAtFrom } from '../../src/api/quota/retry-after.js';

const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);
const half = () => 0.5;

describe('retryAtFrom: Retry-After header', () => {
  it('reads delta-seconds', () => {
    expect(retryAtFrom({ 'retry-after': '12' }, undefined, NOW, 1)).toBe(NOW + 12_000);
  });
  it('reads an HTTP-date', () => {
    const at = NOW + 30_000;
    expect(retryAtFrom({ 'retry-after': new Date(at).toUTCString() }, undefined, NOW, 1)).toBe(at);
  });
  it('waits at least a second: an HTTP-date in the past, or 0, would let a server that always says so draw requests in a loop', () => {
    expect(retryAtFrom({ 'retry-after': new Date(NOW - 60_000).toUTCString() }, undefined, NOW, 1)).toBe(NOW + 1000);
    expect(retryAtFrom({ 'retry-after': '0' }, undefined, NOW, 1)).toBe(NOW + 1000);
    expect(retryAtFrom({ 'retry-after': '0.2' }, undefined, NOW, 1)).toBe(NOW + 1000);
    expect(retryAtFrom({ 'retry-after': '1.5' }, undefined, NOW, 1)).toBe(NOW + 1500);
  });
  it('finds the header case-insensitively and in a Headers object', () => {
    expect(retryAtFrom({ 'Retry-After': '3' }, undefined, NOW, 1)).toBe(NOW + 3000);
    expect(retryAtFrom(new Headers({ 'Retry-After': '4' }), undefined, NOW, 1)).toBe(NOW + 4000);
  });
  it('takes the first value of a repeated header', () => {
    expect(headerValue({ 'retry-after': ['5', '9'] }, 'Retry-After')).toBe('5');
  });
  it('falls through on garbage or negative values', () => {
    expect(retryAtFrom({ 'retry-after': 'soon', 'ratelimit-reset': '7' }, undefined, NOW, 1)).toBe(NOW + 7000);
    expect(retryAtFrom({ 'retry-after': '-5' }, { retryAfter: 2 }, NOW, 1)).toBe(NOW + 2000);
  });
  it('wins over every other source', () => {
    const at = retryAtFrom(
      { 'retry-after': '1', 'ratelimit-reset': '50', 'x-ratelimit-reset': '60' },
      { retryAfter: 70 },
      NOW,
      1,
    );
    expect(at).toBe(NOW + 1000);
  });
  it('caps absurd waits at one day', () => {
    expect(retryAtFrom({ 'retry-after': '999999999' }, undefined, NOW, 1)).toBe(NOW + MAX_SERVER_WAIT_MS);
  });
});

describe('retryAtFrom: RateLimit-Reset headers', () => {
  it('reads RateLimit-Reset as delta seconds', () => {
    expect(retryAtFrom({ 'ratelimit-reset': '20' }, undefined, NOW, 1)).toBe(NOW + 20_000);
  });
  it('reads X-RateLimit-Reset as Unix seconds when above 1e9', () => {
    const unix = Math.floor(NOW / 1000) + 45;
    expect(retryAtFrom({ 'x-ratelimit-reset': String(unix) }, undefined, NOW, 1)).toBe(unix * 1000);
  });
  it('prefers RateLimit-Reset over X-RateLimit-Reset', () => {
    expect(retryAtFrom({ 'ratelimit-reset': '2', 'x-ratelimit-reset': '9' }, undefined, NOW, 1)).toBe(NOW + 2000);
  });
  it('clamps a Unix time in the past to a second from now', () => {
    expect(retryAtFrom({ 'x-ratelimit-reset': '1000000001' }, undefined, NOW, 1)).toBe(NOW + 1000);
  });
});

describe('retryAtFrom: body fields', () => {
  it('reads top-level retryAfter (number or numeric string)', () => {
    expect(retryAtFrom({}, { retryAfter: 8 }, NOW, 1)).toBe(NOW + 8000);
    expect(retryAtFrom({}, { retryAfter: '8' }, NOW, 1)).toBe(NOW + 8000);
  });
  it('reads retryAfterSeconds at top level and inside details', () => {
    expect(retryAtFrom({}, { retryAfterSeconds: 5 }, NOW, 1)).toBe(NOW + 5000);
    expect(retryAtFrom({}, { code: 'RATE_LIMITED', details: { retryAfterSeconds: 6 } }, NOW, 1)).toBe(NOW + 6000);
  });
  it('reads retryAt as ISO 8601', () => {
    const at = NOW + 90_000;
    expect(retryAtFrom({}, { retryAt: new Date(at).toISOString() }, NOW, 1)).toBe(at);
    expect(retryAtFrom({}, { details: { retryAt: new Date(at).toISOString() } }, NOW, 1)).toBe(at);
  });
  it('prefers top-level fields over details, and retryAfter over retryAt', () => {
    expect(retryAtFrom({}, { retryAfterSeconds: 1, details: { retryAfterSeconds: 9 } }, NOW, 1)).toBe(NOW + 1000);
    expect(retryAtFrom({}, { retryAfter: 2, retryAt: new Date(NOW + 50_000).toISOString() }, NOW, 1)).toBe(NOW + 2000);
  });
  it('ignores unusable body values and falls back to backoff', () => {
    for (const body of [{ retryAfter: -3 }, { retryAfter: 'later' }, { retryAt: 'not a date' }, { details: 'x' }, 'text', null, [1]]) {
      expect(retryAtFrom({}, body, NOW, 1, half)).toBe(NOW + 750);
    }
  });
});

describe('retryAtFrom: backoff fallback', () => {
  it('doubles from 1 s with jitter between half and all of the step', () => {
    expect(backoffDelayMs(1, () => 0)).toBe(500);
    expect(backoffDelayMs(1, () => 1)).toBe(1000);
    expect(backoffDelayMs(2, () => 1)).toBe(2000);
    expect(backoffDelayMs(3, () => 1)).toBe(4000);
    expect(backoffDelayMs(4, () => 0)).toBe(4000);
  });
  it('is capped at 60 s', () => {
    expect(backoffDelayMs(7, () => 1)).toBe(60_000);
    expect(backoffDelayMs(1000, () => 1)).toBe(60_000);
  });
  it('treats bad attempt numbers as the first attempt and bad randoms as 0', () => {
    expect(backoffDelayMs(0, () => 1)).toBe(1000);
    expect(backoffDelayMs(Number.NaN, () => 1)).toBe(1000);
    expect(backoffDelayMs(1, () => Number.NaN)).toBe(500);
  });
  it('is used when nothing else says when', () => {
    expect(retryAtFrom(undefined, undefined, NOW, 3, () => 1)).toBe(NOW + 4000);
  });
  it('is never in the past, whatever the random source says', () => {
    expect(retryAtFrom({}, {}, NOW, 1, () => -5)).toBeGreaterThanOrEqual(NOW);
  });
});
