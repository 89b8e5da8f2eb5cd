/**
 * `pagetui doctor`'s service lines say what came back, with the app's own limit and words, and a
 * check whose result is unknown is a warning. Against a small loopback server of the test's own.
 */
import { createServer, type ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { onLoopback } from '../helpers/loopback-server.js';
import { serviceChecks } from '../../src/cli/commands/doctor/service-checks.js';
import { textReport } from '../../src/cli/commands/doctor/report.js';
import type { CheckResult } from '../../src/cli/commands/doctor/check.js';

let reply: ((res: ServerResponse) => void) | undefined;
const held = new Set<ServerResponse>();
const server = createServer((_req, res) => {
  if (reply === undefined) {
    held.add(res);
    return;
  }
  reply(res);
});
const baseText = onLoopback(server);
const base = (): URL => new URL(baseText());

const line = (checks: CheckResult[], id: string): CheckResult | undefined => checks.find((c) => c.id === id);

describe('the service lines', () => {
  it('say an HTML answer was reached and what came back', async () => {
    reply = (res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html><head><title>Login - Corporate SSO</title></head></html>');
    };
    const checks = await serviceChecks(base(), 'sk-doctor-1234', { ms: 5000, source: '--timeout' });
    expect(line(checks, 'service.key')?.status).toBe('warn');
    expect(line(checks, 'service.key')?.summary).not.toContain('not reached');
    expect(line(checks, 'service.key')?.summary).toMatch(/answered/);
    expect(line(checks, 'service.rate-limit')?.summary).not.toContain('no answer');
  });

  it('call a problem+json 400 a warning on the key, not a failure', async () => {
    reply = (res) => {
      res.writeHead(400, { 'content-type': 'application/problem+json' });
      res.end(JSON.stringify({ title: 'Bad Request', status: 400, detail: 'limit is odd' }));
    };
    const checks = await serviceChecks(base(), 'sk-doctor-1234', { ms: 5000, source: '--timeout' });
    expect(line(checks, 'service.key')?.status).toBe('warn');
  });

  it('say a silent server in the words and the limit of --timeout', async () => {
    reply = undefined;
    const checks = await serviceChecks(base(), 'sk-doctor-1234', { ms: 1000, source: '--timeout' });
    expect(line(checks, 'service.reach')?.summary).toBe('No complete answer from /v0/page_groups in 1 s (--timeout).');
  });
});

describe('the report on a terminal', () => {
  it('wraps a long line at the terminal width with an indent, never mid-word', () => {
    const summary = 'not known: the service answered HTTP 400 with a detail that is long enough to need a second line here';
    const text = textReport([{ id: 'service.key', label: 'Key accepted', status: 'warn', summary }], [], 60);
    const lines = text.split('\n').filter((l) => l !== '' && !l.includes('warning'));
    expect(lines.length).toBeGreaterThan(1);
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(60);
    expect(lines[1]).toMatch(/^ {21}\S/);
    expect(lines.join(' ').replace(/\s+/g, ' ')).toContain(summary);
  });
});
