/**
 * A real squid on a loopback port, with a config of the test's own: no cache, its logs in the
 * test's folder, host names from a hosts file of the test's (so `pages.pagetui.test` can be a
 * service on this machine that pagetui, which never proxies loopback, still reaches through the
 * proxy), CONNECT allowed to any port, `denied.pagetui.test` refused (403), and optionally Basic
 * authentication (basic_ncsa_auth with a file made by `openssl passwd -apr1`).
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.js';
import { waitFor } from './wait-for.js';

const SQUID_BINARIES = ['/usr/sbin/squid', '/usr/bin/squid'];
const NCSA_AUTH = '/usr/lib/squid/basic_ncsa_auth';

const squidBinary = (): string | undefined => SQUID_BINARIES.find((p) => existsSync(p));

/** Why squid cases cannot run here, or undefined. */
export function squidMissing(): string | undefined {
  if (squidBinary() === undefined) return 'squid is not installed (apt-get install squid)';
  if (!existsSync(NCSA_AUTH)) return `${NCSA_AUTH} is missing (Debian's squid package ships it)`;
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
  } catch {
    return 'openssl is not installed';
  }
  return undefined;
}

export interface Squid {
  readonly port: number;
  /** Squid's access log so far (one line per request: CONNECT host:port, the status…). */
  accessLog(): string;
  close(): Promise<void>;
}

export interface SquidOptions {
  /** Host names squid resolves to 127.0.0.1. */
  readonly hosts: readonly string[];
  /** `user:password` required as Basic proxy authentication. */
  readonly credentials?: string;
}

let started = 0;

export async function startSquid(opts: SquidOptions): Promise<Squid> {
  const binary = squidBinary();
  if (binary === undefined) throw new Error('squid is not installed');
  const dir = mkdtempSync(join(tmpdir(), 'pagetui-squid-'));
  // Squid started as root runs as its own user (proxy), which must read the config and write the logs.
  chmodSync(dir, 0o777);
  const port = await freePort();
  writeFileSync(join(dir, 'hosts'), opts.hosts.map((h) => `127.0.0.1 ${h}\n`).join(''));
  const auth: string[] = [];
  if (opts.credentials !== undefined) {
    const [user = '', pass = ''] = opts.credentials.split(':');
    const hash = execFileSync('openssl', ['passwd', '-apr1', pass], { encoding: 'utf8' }).trim();
    writeFileSync(join(dir, 'passwd'), `${user}:${hash}\n`);
    auth.push(
      `auth_param basic program ${NCSA_AUTH} ${join(dir, 'passwd')}`,
      'auth_param basic realm pagetui-test',
      'acl authed proxy_auth REQUIRED',
      'http_access allow authed',
    );
  }
  const config = [
    `http_port 127.0.0.1:${port}`,
    `pid_filename ${join(dir, 'squid.pid')}`,
    `cache_log ${join(dir, 'cache.log')}`,
    `access_log stdio:${join(dir, 'access.log')}`,
    `coredump_dir ${dir}`,
    `hosts_file ${join(dir, 'hosts')}`,
    'cache deny all',
    'cache_mem 8 MB',
    'pinger_enable off',
    'shutdown_lifetime 0 seconds',
    'buffered_logs off',
    'acl denied dstdomain denied.pagetui.test',
    'http_access deny denied',
    ...auth,
    opts.credentials === undefined ? 'http_access allow all' : 'http_access deny all',
  ];
  writeFileSync(join(dir, 'squid.conf'), `${config.join('\n')}\n`);
  started++;
  const child: ChildProcess = spawn(binary, ['-N', '-n', `pagetui${process.pid}x${started}`, '-f', join(dir, 'squid.conf')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
  let exited = false;
  const gone = new Promise<void>((resolve) => child.on('exit', () => ((exited = true), resolve())));
  const cacheLog = (): string => (existsSync(join(dir, 'cache.log')) ? readFileSync(join(dir, 'cache.log'), 'utf8') : '');
  try {
    await waitFor('squid to accept connections', () => exited || cacheLog().includes('Accepting HTTP Socket connections'));
    if (exited) throw new Error(`squid exited: ${stderr}${cacheLog()}`);
  } catch (e) {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
  return {
    port,
    accessLog: () => (existsSync(join(dir, 'access.log')) ? readFileSync(join(dir, 'access.log'), 'utf8') : ''),
    close: async () => {
      if (!exited) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await gone;
      clearTimeout(timer);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
