import { describe, expect, it } from 'vitest';
import { proxyCheck } from '../../src/cli/commands/doctor/proxy-check.js';

const HTTPS = new URL('https://pages.example.com');

describe("doctor's proxy line: the client's own rule, said", () => {
  it('names the proxy and the variable it came from, never its password', () => {
    const line = proxyCheck(HTTPS, { HTTPS_PROXY: 'http://me:hunter2@proxy:3128' });
    expect(line.status).toBe('pass');
    expect(line.summary).toContain('go through http://');
    expect(line.summary).toContain('proxy:3128');
    expect(line.summary).toContain('HTTPS_PROXY');
    expect(JSON.stringify(line)).not.toContain('hunter2');
  });

  it('says why a request goes direct: loopback, NO_PROXY, no variable for the scheme', () => {
    expect(proxyCheck(new URL('http://127.0.0.1:9'), { HTTP_PROXY: 'http://p:3128' }).summary).toContain('loopback');
    expect(proxyCheck(HTTPS, { HTTPS_PROXY: 'http://p:3128', NO_PROXY: '.example.com' }).summary).toContain('NO_PROXY');
    expect(proxyCheck(HTTPS, { HTTP_PROXY: 'http://p:3128' }).summary).toMatch(/^direct/);
  });

  it('fails on a proxy variable that is not a proxy URL, naming it', () => {
    const line = proxyCheck(HTTPS, { HTTPS_PROXY: 'http://[bad' });
    expect(line.status).toBe('fail');
    expect(line.summary).toContain('HTTPS_PROXY');
  });
});
