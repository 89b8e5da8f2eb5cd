import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/http/errors.js';
import { transportError } from '../../src/api/http/transport-errors.js';

const origin = 'https://pages.example.com';
const withCode = (code: string, message = 'x'): Error => Object.assign(new Error(message), { code });

describe('transportError', () => {
  it.each([
    ['UND_ERR_CONNECT_TIMEOUT', 'timeout', 'CONNECT_TIMEOUT'],
    ['UND_ERR_HEADERS_TIMEOUT', 'timeout', 'HEADERS_TIMEOUT'],
    ['UND_ERR_BODY_TIMEOUT', 'timeout', 'BODY_TIMEOUT'],
    ['ECONNREFUSED', 'network', 'CONNECTION_REFUSED'],
    ['ECONNRESET', 'network', 'CONNECTION_RESET'],
    ['UND_ERR_SOCKET', 'network', 'CONNECTION_RESET'],
    ['ENOTFOUND', 'network', 'DNS_ERROR'],
    ['EAI_AGAIN', 'network', 'DNS_ERROR'],
    ['CERT_HAS_EXPIRED', 'network', 'TLS_ERROR'],
    ['DEPTH_ZERO_SELF_SIGNED_CERT', 'network', 'TLS_ERROR'],
    ['ERR_TLS_CERT_ALTNAME_INVALID', 'network', 'TLS_ERROR'],
    ['EHOSTUNREACH', 'network', 'UNREACHABLE'],
    ['SOMETHING_ELSE', 'network', 'NETWORK_ERROR'],
  ])('maps %s to %s/%s naming the origin', (code, kind, apiCode) => {
    const e = transportError(withCode(code), { origin, connectTimeout: 10_000 });
    expect(e).toBeInstanceOf(ApiError);
    expect(e.kind).toBe(kind);
    expect(e.code).toBe(apiCode);
    if (kind !== 'network' || apiCode !== 'DNS_ERROR') expect(e.message).toContain(origin);
  });

  it('finds codes inside AggregateError and cause chains', () => {
    const agg = new AggregateError([withCode('ECONNREFUSED')], 'all failed');
    expect(transportError(agg, { origin }).code).toBe('CONNECTION_REFUSED');
    expect(transportError(new Error('wrap', { cause: withCode('ENOTFOUND') }), { origin }).code).toBe('DNS_ERROR');
  });

  it('treats anything as aborted when the caller signal is aborted', () => {
    const c = new AbortController();
    c.abort();
    expect(transportError(withCode('ECONNRESET'), { origin, signal: c.signal }).kind).toBe('aborted');
    expect(transportError(new DOMException('x', 'AbortError'), { origin }).kind).toBe('aborted');
  });

  it.each([
    ['DEPTH_ZERO_SELF_SIGNED_CERT', 'its certificate is self-signed'],
    ['SELF_SIGNED_CERT_IN_CHAIN', 'its certificate chain ends in a CA this machine does not trust'],
    ['UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'its certificate was issued by a CA this machine does not trust'],
    ['UNABLE_TO_GET_ISSUER_CERT_LOCALLY', 'its certificate was issued by a CA this machine does not trust'],
    ['CERT_HAS_EXPIRED', "its certificate has expired (or this machine's clock is wrong)"],
  ])('a certificate failure (%s) says how to trust a private CA', (code, reason) => {
    const e = transportError(withCode(code), { origin });
    expect(e.code).toBe('TLS_ERROR');
    expect(e.message).toBe(
      `A secure connection to ${origin} could not be made: ${reason} (${code}). If a private CA issued it, start pagetui with NODE_EXTRA_CA_CERTS=/path/to/ca.pem.`,
    );
  });

  it('a certificate for another host says so, without the CA hint', () => {
    const e = transportError(withCode('ERR_TLS_CERT_ALTNAME_INVALID'), { origin });
    expect(e.message).toBe(`A secure connection to ${origin} could not be made: its certificate is for another host name (ERR_TLS_CERT_ALTNAME_INVALID).`);
  });

  it.each(['ECONNRESET', 'UND_ERR_SOCKET'])('a connection through a proxy that is cut (%s, the proxy killed mid-load) names the proxy and its variable', (code) => {
    const proxy = { hostPort: '127.0.0.1:13129', variable: 'HTTP_PROXY', hasCredentials: false, protocol: 'http:' } as const;
    const e = transportError(withCode(code), { origin, connectTimeout: 10_000, proxy });
    expect(e.code).toBe('CONNECTION_RESET');
    expect(e.message).toContain(origin);
    expect(e.message).toContain('the proxy 127.0.0.1:13129 (from HTTP_PROXY)');
  });

  it('recognises proxy refusals', () => {
    expect(transportError(new Error('Proxy response (403) !== 200 when HTTP Tunneling'), { origin }).code).toBe('PROXY_ERROR');
  });

  it('never carries the key, even when the underlying error mentions it', () => {
    const key = 'sk-secret-123456';
    const e = transportError(new Error(`proxy said: bad header ${key}`), { origin, key });
    expect(e.message).not.toContain(key);
    expect(String((e as { cause?: unknown }).cause)).not.toContain(key);
    expect(JSON.stringify(e)).not.toContain(key);
  });

  it('passes an ApiError through', () => {
    const original = new ApiError('usage', 'BAD_ID', 'bad');
    expect(transportError(original, { origin })).toBe(original);
  });
});
