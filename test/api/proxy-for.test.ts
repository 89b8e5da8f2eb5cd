import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/http/errors.js';
import { noProxyMatches } from '../../src/api/http/no-proxy.js';
import { describeProxy, proxyFor, type ProxyEnv } from '../../src/api/http/proxy.js';

const HTTPS = 'https://pages.example.com';
const HTTP = 'http://pages.example.com';

/** What proxyFor decided, as a short text: `<masked url> from <VAR>` or `none: <reason>`. */
function decided(target: string, env: ProxyEnv): string {
  const d = proxyFor(target, env);
  return d.proxy === undefined ? `none: ${d.reason}${d.variable ? ` ${d.variable}` : ''}` : `${d.proxy.masked} from ${d.variable}`;
}

describe('proxyFor: which variable, as curl reads them', () => {
  it.each<[string, string, ProxyEnv, string]>([
    ['https uses HTTPS_PROXY', HTTPS, { HTTPS_PROXY: 'http://p:3128' }, 'http://p:3128 from HTTPS_PROXY'],
    ['https uses https_proxy', HTTPS, { https_proxy: 'http://p:3128' }, 'http://p:3128 from https_proxy'],
    ['lowercase wins', HTTPS, { https_proxy: 'http://low:1', HTTPS_PROXY: 'http://up:2' }, 'http://low:1 from https_proxy'],
    ['an empty lowercase hides the uppercase', HTTPS, { https_proxy: '', HTTPS_PROXY: 'http://up:2' }, 'none: unset'],
    ['HTTP_PROXY alone is not used for https', HTTPS, { HTTP_PROXY: 'http://p:3128', http_proxy: 'http://p:3128' }, 'none: unset'],
    ['http uses HTTP_PROXY', HTTP, { HTTP_PROXY: 'http://p:3128' }, 'http://p:3128 from HTTP_PROXY'],
    ['http uses http_proxy first', HTTP, { http_proxy: 'http://low:1', HTTP_PROXY: 'http://up:2' }, 'http://low:1 from http_proxy'],
    ['HTTPS_PROXY is not used for http', HTTP, { HTTPS_PROXY: 'http://p:3128' }, 'none: unset'],
    ['no scheme means http://', HTTPS, { HTTPS_PROXY: '127.0.0.1:3128' }, 'http://127.0.0.1:3128 from HTTPS_PROXY'],
    ['a name without a scheme', HTTPS, { HTTPS_PROXY: 'proxy.corp:8080' }, 'http://proxy.corp:8080 from HTTPS_PROXY'],
    ['no port: 1080, as curl', HTTPS, { HTTPS_PROXY: 'http://proxy.corp' }, 'http://proxy.corp:1080 from HTTPS_PROXY'],
    ['an explicit :80 stays 80', HTTPS, { HTTPS_PROXY: 'http://proxy.corp:80' }, 'http://proxy.corp:80 from HTTPS_PROXY'],
    ['an https proxy defaults to 443', HTTPS, { HTTPS_PROXY: 'https://proxy.corp' }, 'https://proxy.corp:443 from HTTPS_PROXY'],
    ['credentials are masked', HTTPS, { HTTPS_PROXY: 'http://alice:s3cret@p:3128' }, 'http://***@p:3128 from HTTPS_PROXY'],
    ['credentials without a scheme', HTTPS, { HTTPS_PROXY: 'alice:s3cret@p:3128' }, 'http://***@p:3128 from HTTPS_PROXY'],
    ['spaces around are ignored', HTTPS, { HTTPS_PROXY: '  p:3128 ' }, 'http://p:3128 from HTTPS_PROXY'],
    ['loopback targets are never proxied', 'https://127.0.0.1:8443', { HTTPS_PROXY: 'http://p:3128' }, 'none: loopback'],
    ['localhost is never proxied', 'http://localhost:8080', { HTTP_PROXY: 'http://p:3128' }, 'none: loopback'],
    ['NO_PROXY excepts a host', HTTPS, { HTTPS_PROXY: 'p:1', NO_PROXY: 'example.com' }, 'none: no-proxy NO_PROXY'],
    ['no_proxy wins over NO_PROXY', HTTPS, { HTTPS_PROXY: 'p:1', no_proxy: 'other.org', NO_PROXY: 'example.com' }, 'http://p:1 from HTTPS_PROXY'],
    ['nothing set', HTTPS, {}, 'none: unset'],
  ])('%s', (_name, target, env, expected) => {
    expect(decided(target, env)).toBe(expected);
  });

  it.each<[string, string]>([
    ['http://[::1', 'HTTPS_PROXY is not a valid proxy URL: "http://[::1" cannot be parsed'],
    ['socks5://p:1080', 'HTTPS_PROXY is not a valid proxy URL: socks5:// proxies are not supported'],
    ['http://u:pw@', 'HTTPS_PROXY is not a valid proxy URL: "http://***@" cannot be parsed'],
    ['p:3128/?x=1', 'HTTPS_PROXY is not a valid proxy URL: "p:3128/?x=1" has a query or fragment'],
    ['p:99999', 'HTTPS_PROXY is not a valid proxy URL: "p:99999" cannot be parsed'],
  ])('a malformed proxy %s is a usage error naming the variable', (value, message) => {
    const error = (() => {
      try {
        proxyFor(HTTPS, { HTTPS_PROXY: value });
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'usage', code: 'BAD_PROXY' });
    expect((error as Error).message).toContain(message);
    expect((error as Error).message).not.toContain('pw');
  });

  it('names the lowercase variable when that is the one in use', () => {
    expect(() => proxyFor(HTTP, { http_proxy: 'ftp://p' })).toThrow(/^http_proxy is not a valid proxy URL: ftp:\/\/ proxies are not supported/);
  });

  it('never shows the credentials in any text form, but gives them to the connection', () => {
    const d = proxyFor(HTTPS, { HTTPS_PROXY: 'http://alice:s3cret@p:3128' });
    expect(d.proxy).toBeDefined();
    for (const text of [String(d.proxy), JSON.stringify(d), inspect(d, { depth: 5, showHidden: true }), describeProxy(d)]) {
      expect(text).not.toContain('s3cret');
      expect(text).not.toContain('alice');
    }
    expect(d.proxy?.withCredentials()).toBe('http://alice:s3cret@p:3128/');
    expect(d.proxy?.hostPort).toBe('p:3128');
  });

  it('describes the decision in one line', () => {
    expect(describeProxy(proxyFor(HTTPS, { HTTPS_PROXY: 'p:3128' }))).toBe('http://p:3128 (from HTTPS_PROXY)');
    expect(describeProxy(proxyFor('https://127.0.0.1', { HTTPS_PROXY: 'p:3128' }))).toBe('none (loopback targets are never proxied)');
    expect(describeProxy(proxyFor(HTTPS, { HTTPS_PROXY: 'p:3128', no_proxy: '*' }))).toBe('none (excepted by no_proxy)');
    expect(describeProxy(proxyFor(HTTPS, {}))).toBe('none');
  });
});

describe('NO_PROXY, with curl rules', () => {
  it.each<[string, string, boolean]>([
    ['*', 'https://anything.example', true],
    ['', 'https://example.com', false],
    ['example.com', 'https://example.com', true],
    ['example.com', 'https://www.example.com', true],
    ['example.com', 'https://notexample.com', false],
    ['example.com', 'https://example.com.org', false],
    ['.example.com', 'https://example.com', true],
    ['.example.com', 'https://a.b.example.com', true],
    ['*.example.com', 'https://www.example.com', true],
    ['EXAMPLE.com.', 'https://www.Example.COM', true],
    ['example.com', 'https://example.com.', true],
    ['other.org, example.com', 'https://api.example.com', true],
    ['other.org,,  ,example.com', 'https://api.example.com', true],
    ['other.org example.com', 'https://api.example.com', true],
    ['other.org', 'https://example.com', false],
    ['example.com:8443', 'https://example.com:8443', true],
    ['example.com:8443', 'https://example.com', false],
    ['example.com:443', 'https://example.com', true],
    ['example.com:80', 'http://www.example.com', true],
    ['10.1.2.3', 'https://10.1.2.3', true],
    ['10.1.2.3', 'https://10.1.2.4', false],
    ['10.0.0.0/8', 'https://10.200.3.4', true],
    ['10.0.0.0/8', 'https://11.0.0.1', false],
    ['192.168.0.0/16', 'https://192.168.44.1', true],
    ['192.168.1.0/25', 'https://192.168.1.200', false],
    ['10.1.2.3:8443', 'https://10.1.2.3:8443', true],
    ['10.1.2.3:8443', 'https://10.1.2.3', false],
    ['2001:db8::1', 'https://[2001:db8::1]', true],
    ['[2001:db8::1]', 'https://[2001:db8:0::1]', true],
    ['2001:db8::/32', 'https://[2001:db8:ff::7]', true],
    ['2001:db8::/32', 'https://[2001:db9::7]', false],
    ['[2001:db8::1]:8443', 'https://[2001:db8::1]:8443', true],
    ['[2001:db8::1]:8443', 'https://[2001:db8::1]', false],
    ['10.1.2.3', 'https://host.10.1.2.3.example', false],
    ['example.com', 'https://10.1.2.3', false],
    ['10.0.0.0/8', 'https://[::1]', false],
  ])('%j for %s: %s', (list, target, matches) => {
    expect(noProxyMatches(list, new URL(target))).toBe(matches);
  });
});
