import { describe, expect, it } from 'vitest';
import { basePathPrefix, isLoopbackHost, parseBaseUrl } from '../../src/api/http/base-url.js';
import { ApiError } from '../../src/api/http/errors.js';

const refusal = (input: string, allowInsecureHttp = false): ApiError => {
  try {
    parseBaseUrl(input, { allowInsecureHttp });
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error(`accepted ${input}`);
};

describe('parseBaseUrl', () => {
  it('accepts https anywhere', () => {
    expect(parseBaseUrl('https://pages.example.com', {}).href).toBe('https://pages.example.com/');
  });
  it('keeps a path prefix and strips one trailing slash', () => {
    const u = parseBaseUrl('https://host.example/api/', {});
    expect(u.pathname).toBe('/api');
    expect(basePathPrefix(u)).toBe('/api');
    expect(basePathPrefix(parseBaseUrl('https://host.example', {}))).toBe('');
  });
  it.each(['http://127.0.0.1:8080', 'http://127.9.9.9', 'http://localhost:3000', 'http://[::1]:4000', 'http://LOCALHOST'])(
    'accepts plain http to loopback %s',
    (u) => {
      expect(parseBaseUrl(u, {}).protocol).toBe('http:');
    },
  );
  it('refuses plain http elsewhere unless allowed', () => {
    const e = refusal('http://pages.example.com');
    expect(e.kind).toBe('usage');
    expect(e.code).toBe('BAD_BASE_URL');
    expect(e.message).toMatch(/allow-insecure-http/);
    expect(parseBaseUrl('http://pages.example.com', { allowInsecureHttp: true }).hostname).toBe('pages.example.com');
  });
  it.each([
    ['', /empty/],
    ['not a url', /not a valid URL/],
    ['ftp://host', /https:\/\//],
    ['localhost:8080', /https:\/\//],
    ['https://user:pw@host', /user name or password/],
    ['https://user@host', /user name or password/],
    ['https://host/?a=1', /query/],
    ['https://host/?', /query/],
    ['https://host/#frag', /fragment/],
    ['http://127.0.0.1.example.com', /plain http/],
  ])('refuses %j', (input, why) => {
    const e = refusal(input);
    expect(e.code).toBe('BAD_BASE_URL');
    expect(e.message).toMatch(why);
    expect(e.message).not.toContain('\n');
  });
  it('does not echo credentials in the message', () => {
    expect(refusal('https://me:s3cretpw@host').message).not.toContain('s3cretpw');
  });
});

describe('isLoopbackHost', () => {
  it.each(['localhost', '127.0.0.1', '127.255.0.1', '::1', '[::1]', '0:0:0:0:0:0:0:1', 'localhost.'])('%s is loopback', (h) => {
    expect(isLoopbackHost(h)).toBe(true);
  });
  it.each(['128.0.0.1', '10.0.0.1', 'example.com', 'localhost.example.com', '::2', '', '127.0.0.1.nip.io'])('%s is not', (h) => {
    expect(isLoopbackHost(h)).toBe(false);
  });
});
