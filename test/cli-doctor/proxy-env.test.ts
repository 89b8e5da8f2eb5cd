import { describe, expect, it } from 'vitest';
import { proxyForUrl } from '../../src/api/http/proxy-env.js';

const HTTPS = new URL('https://pages.example.com');
const HTTP = new URL('http://pages.example.com:8080');

describe('proxyForUrl: the proxy a request to the base URL takes', () => {
  it('goes direct when no variable is set', () => {
    expect(proxyForUrl(HTTPS, {})).toEqual({ variables: {} });
  });

  it('takes HTTPS_PROXY for https, and falls back on HTTP_PROXY', () => {
    expect(proxyForUrl(HTTPS, { HTTPS_PROXY: 'http://s:3128', HTTP_PROXY: 'http://p:3128' })).toMatchObject({ proxy: 'http://s:3128', via: 'HTTPS_PROXY' });
    expect(proxyForUrl(HTTPS, { HTTP_PROXY: 'http://p:3128' })).toMatchObject({ proxy: 'http://p:3128', via: 'HTTP_PROXY' });
    expect(proxyForUrl(HTTPS, { https_proxy: '', HTTP_PROXY: 'http://p:3128' })).toMatchObject({ via: 'HTTP_PROXY' });
  });

  it('takes HTTP_PROXY for http only, the lower-case name first', () => {
    expect(proxyForUrl(HTTP, { HTTPS_PROXY: 'http://s:3128' }).proxy).toBeUndefined();
    expect(proxyForUrl(HTTP, { http_proxy: 'http://lower:1', HTTP_PROXY: 'http://upper:2' })).toMatchObject({ proxy: 'http://lower:1', via: 'http_proxy' });
  });

  it('never proxies loopback', () => {
    expect(proxyForUrl(new URL('http://127.0.0.1:9999'), { HTTP_PROXY: 'http://p:3128' })).toMatchObject({ bypass: 'loopback' });
    expect(proxyForUrl(new URL('http://localhost:9999'), { HTTP_PROXY: 'http://p:3128' }).proxy).toBeUndefined();
  });

  it('bypasses hosts NO_PROXY names: *, the host, a parent domain, a matching port only', () => {
    const env = { HTTPS_PROXY: 'http://s:3128' };
    expect(proxyForUrl(HTTPS, { ...env, NO_PROXY: '*' }).bypass).toBe('NO_PROXY');
    expect(proxyForUrl(HTTPS, { ...env, NO_PROXY: 'other.org, pages.example.com' }).bypass).toBe('NO_PROXY');
    expect(proxyForUrl(HTTPS, { ...env, no_proxy: '.example.com' }).bypass).toBe('NO_PROXY');
    expect(proxyForUrl(HTTPS, { ...env, NO_PROXY: 'example.com:443' }).bypass).toBe('NO_PROXY');
    expect(proxyForUrl(HTTPS, { ...env, NO_PROXY: 'example.com:8443' }).proxy).toBe('http://s:3128');
    expect(proxyForUrl(HTTPS, { ...env, NO_PROXY: 'ample.com' }).proxy).toBe('http://s:3128');
  });

  it('never shows a proxy password', () => {
    const choice = proxyForUrl(HTTPS, { HTTPS_PROXY: 'http://me:hunter2@proxy:3128' });
    expect(choice.proxy).toBe('http://me:••••@proxy:3128');
    expect(JSON.stringify(choice)).not.toContain('hunter2');
  });
});
