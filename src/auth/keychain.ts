/**
 * The OS keychain through @github/keytar (an optional dependency that ships prebuilt binaries; on
 * Linux the binary needs libsecret-1.so.0 at load time), service `pagetui`, account = the base
 * URL's origin. Every call runs in a short-lived child process killed at a deadline (see
 * keychain-child.ts), so a library that cannot load, a missing D-Bus or a hung keychain becomes
 * one plain sentence, never a crash or a hang. The key travels to the child over stdin only.
 */
import type { spawn as Spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import {
  PROBE_ACCOUNT,
  buildChildArgs,
  buildChildEnv,
  buildChildInput,
  parseChildResponse,
  type ChildResponse,
  type KeychainOp,
} from './keychain-child.js';
import { embeddedKeytarPath, isSingleExecutable } from './keytar-asset.js';
import { REASON_NOT_AVAILABLE, REASON_NO_ANSWER, reasonDeadline, reasonForFailure, withoutFallbacks } from './keychain-errors.js';
import type { Env } from './paths.js';
import { fail, ok, type AuthResult } from './result.js';

const KEYCHAIN_SERVICE = 'pagetui';
const DEFAULT_KEYCHAIN_TIMEOUT_MS = 2000;

export interface KeychainOptions {
  /** Deadline for one call, child start-up included. Default 2000 ms. */
  readonly timeoutMs?: number;
  /** The child's environment (D-Bus address etc.). Default process.env. PAGETUI_API_KEY is never passed. */
  readonly env?: Env;
  /** Module the child loads instead of the installed keytar (tests: fake or missing modules). */
  readonly keytarPath?: string;
  /** Called with the child's pid right after it starts (tests check it is killed). */
  readonly onSpawn?: (pid: number) => void;
}

/** Where @github/keytar is installed, resolved from this module (the bundle's location in production). */
export function resolveKeytarPath(): string | undefined {
  try {
    return createRequire(import.meta.url).resolve('@github/keytar');
  } catch {
    return undefined;
  }
}

type Raw = { kind: 'response'; response: ChildResponse } | { kind: 'deadline' } | { kind: 'no-answer' };

/** Runs one operation in a child; resolves by the deadline at the latest, and the child is killed. */
async function runInChild(op: KeychainOp, account: string, secret: string | undefined, opts: KeychainOptions): Promise<Raw | 'no-keytar'> {
  const singleExecutable = isSingleExecutable();
  const keytarPath = opts.keytarPath ?? (singleExecutable ? await embeddedKeytarPath(opts.env ?? process.env) : resolveKeytarPath());
  if (keytarPath === undefined) return 'no-keytar';
  const timeoutMs = opts.timeoutMs ?? DEFAULT_KEYCHAIN_TIMEOUT_MS;

  return new Promise((resolve) => {
    let settled = false;
    let out = '';
    let child: ReturnType<typeof Spawn>;
    const finish = (r: Raw): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      resolve(r);
    };
    const timer = setTimeout(() => finish({ kind: 'deadline' }), timeoutMs);
    try {
      // Taken when first needed: loading node:child_process costs every start ~5 ms.
      const { spawn } = process.getBuiltinModule('node:child_process');
      child = spawn(process.execPath, buildChildArgs(singleExecutable), {
        env: buildChildEnv(opts.env ?? process.env),
        stdio: ['pipe', 'pipe', 'ignore'],
        windowsHide: true,
      });
    } catch {
      clearTimeout(timer);
      resolve({ kind: 'no-answer' });
      return;
    }
    // A stuck child must never keep this process alive; the timer above bounds the wait.
    child.unref();
    if (child.pid !== undefined) opts.onSpawn?.(child.pid);
    child.on('error', () => finish({ kind: 'no-answer' }));
    child.stdin?.on('error', () => undefined); // EPIPE when the child dies early
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      out += chunk;
      if (out.length > 1_000_000) return finish({ kind: 'no-answer' });
      if (!out.includes('\n')) return;
      const response = parseChildResponse(out);
      finish(response ? { kind: 'response', response } : { kind: 'no-answer' });
    });
    child.on('close', () => {
      const response = parseChildResponse(out);
      finish(response ? { kind: 'response', response } : { kind: 'no-answer' });
    });
    child.stdin?.end(buildChildInput({ keytarPath, op, service: KEYCHAIN_SERVICE, account, ...(secret === undefined ? {} : { secret }) }));
  });
}

async function call(op: KeychainOp, account: string, secret: string | undefined, opts: KeychainOptions): Promise<AuthResult<string | boolean | null>> {
  const raw = await runInChild(op, account, secret, opts);
  if (raw === 'no-keytar') return fail(REASON_NOT_AVAILABLE);
  if (raw.kind === 'deadline') return fail(reasonDeadline(opts.timeoutMs ?? DEFAULT_KEYCHAIN_TIMEOUT_MS));
  if (raw.kind === 'no-answer') return fail(REASON_NO_ANSWER);
  const r = raw.response;
  return r.ok ? ok(r.value) : fail(reasonForFailure(r, secret));
}

/** The key stored for `origin`, or null when there is none. */
export async function getApiKey(origin: string, opts: KeychainOptions = {}): Promise<AuthResult<string | null>> {
  const r = await call('get', origin, undefined, opts);
  if (!r.ok) return r;
  return typeof r.value === 'string' && r.value !== '' ? ok(r.value) : ok(null);
}

/** Stores `key` for `origin`, replacing any previous one. */
export async function setApiKey(origin: string, key: string, opts: KeychainOptions = {}): Promise<AuthResult<void>> {
  const r = await call('set', origin, key, opts);
  return r.ok ? ok(undefined) : r;
}

/** Removes the key for `origin`; the value says whether there was one. */
export async function deleteApiKey(origin: string, opts: KeychainOptions = {}): Promise<AuthResult<boolean>> {
  const r = await call('delete', origin, undefined, opts);
  return r.ok ? ok(r.value === true) : r;
}

/**
 * Whether the keychain can store a key: writes and deletes a throwaway entry (a read alone succeeds
 * on a locked keyring, where saving then fails).
 */
export async function probeKeychain(opts: KeychainOptions = {}): Promise<AuthResult<void>> {
  const r = await call('probe', PROBE_ACCOUNT, undefined, opts);
  return r.ok ? ok(undefined) : r;
}

/**
 * Why the keychain cannot store a key here, one sentence without the advice to set PAGETUI_API_KEY
 * or use `--insecure-storage` (the caller offers those itself), or undefined when it can.
 */
export async function keychainProblem(opts: KeychainOptions = {}): Promise<string | undefined> {
  const probe = await probeKeychain(opts);
  return probe.ok ? undefined : withoutFallbacks(probe.reason);
}
