import { describe, expect, it } from 'vitest';
import { retryInText } from '../../src/api/quota/rate-limit.js';
import { durationText } from '../../src/text/duration.js';

describe('a wait in words', () => {
  it('reads in seconds, minutes or hours, never as 86398s', () => {
    expect(durationText(12)).toBe('12s');
    expect(durationText(59.2)).toBe('1m 00s');
    expect(durationText(245)).toBe('4m 05s');
    expect(durationText(86_398)).toBe('23h 59m');
    expect(durationText(86_400)).toBe('24h');
    expect(durationText(-3)).toBe('0s');
    expect(retryInText(86_398)).toBe('retry in 23h 59m');
    expect(retryInText(12)).toBe('retry in 12s');
  });
});
