import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { SessionApiKey } from '../../src/auth/api-key-source.js';
import { SECRET } from './helpers.js';

describe('SessionApiKey', () => {
  it('holds the key until the login form replaces it; an empty key is none', () => {
    const key = new SessionApiKey();
    expect(key.get()).toBeUndefined();
    key.set(SECRET);
    expect(key.get()).toBe(SECRET);
    key.set('');
    expect(key.get()).toBeUndefined();
    expect(new SessionApiKey('').get()).toBeUndefined();
  });

  it('never shows the key in JSON or util.inspect (logs, crash dumps)', () => {
    const key = new SessionApiKey(SECRET);
    expect(JSON.stringify({ key })).toBe('{"key":"[redacted]"}');
    expect(inspect({ key })).not.toContain(SECRET);
    expect(inspect(key)).toBe('SessionApiKey [redacted]');
  });
});
