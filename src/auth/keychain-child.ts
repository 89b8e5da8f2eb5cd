/**
 * The helper process that performs one keychain call. keytar is a native module whose calls can
 * hang (and a hung native call can keep a process alive even after process.exit), so it is never
 * called in the main process: each call runs `node --input-type=module -e CHILD_SCRIPT`, which the
 * parent kills at a deadline. The app ships as one esbuild bundle, so the script is a constant
 * string rather than a file; the single executable, which has no -e, is started with a hidden
 * argument instead and runs the same code (KEYCHAIN_CHILD_ARG). Everything it needs, the secret included, comes over stdin as one
 * JSON object; nothing secret is ever in argv or the environment.
 */
import { scrubbedEnv } from '../text/redact.js';

import { createRequire } from 'node:module';

export type KeychainOp = 'get' | 'set' | 'delete' | 'probe';

/** What the parent writes to the child's stdin. */
export interface ChildRequest {
  readonly keytarPath: string;
  readonly op: KeychainOp;
  readonly service: string;
  readonly account: string;
  /** Only for 'set'. */
  readonly secret?: string;
}

/** What the child writes to stdout: one JSON line. */
export type ChildResponse =
  | { ok: true; value: string | boolean | null }
  | { ok: false; stage: 'load' | 'call'; code?: string; message: string };

/** Account used by 'probe' (a throwaway entry written then deleted). */
export const PROBE_ACCOUNT = 'pagetui-keychain-probe';

/** The child's code; `createRequire` is its one free name (node:module's). */
const CHILD_BODY = `
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const req = JSON.parse(Buffer.concat(chunks).toString('utf8'));
const reply = (o) => new Promise((done) => process.stdout.write(JSON.stringify(o) + '\\n', () => done()));
const describe = (e) => ({ code: typeof e?.code === 'string' ? e.code : undefined, message: String(e?.message ?? e).split('\\n')[0] });
let keytar;
try {
  const mod = createRequire(req.keytarPath)(req.keytarPath);
  keytar = mod?.default ?? mod;
} catch (e) {
  await reply({ ok: false, stage: 'load', ...describe(e) });
  process.exit(0);
}
try {
  let value = null;
  if (req.op === 'get') value = await keytar.getPassword(req.service, req.account);
  else if (req.op === 'set') { await keytar.setPassword(req.service, req.account, req.secret); value = true; }
  else if (req.op === 'delete') value = await keytar.deletePassword(req.service, req.account);
  else if (req.op === 'probe') {
    await keytar.setPassword(req.service, req.account, 'probe');
    await keytar.deletePassword(req.service, req.account);
    value = true;
  } else throw new Error('unknown operation');
  await reply({ ok: true, value: value ?? null });
} catch (e) {
  await reply({ ok: false, stage: 'call', ...describe(e) });
}
process.exit(0);
`;

export const CHILD_SCRIPT = `import { createRequire } from 'node:module';\n${CHILD_BODY}`;

/**
 * The hidden first argument that makes the single executable (which takes no Node options, so no
 * `-e`) the keychain child: see runKeychainChildHere.
 */
export const KEYCHAIN_CHILD_ARG = '__pagetui-keychain-child';

/**
 * Arguments for `spawn(process.execPath, args)`: constant, never derived from the request. In the
 * single executable, process.execPath is pagetui itself.
 */
export function buildChildArgs(singleExecutable = false): string[] {
  return singleExecutable ? [KEYCHAIN_CHILD_ARG] : ['--no-warnings', '--input-type=module', '-e', CHILD_SCRIPT];
}

/** Runs the child's code in this process: the single executable started with KEYCHAIN_CHILD_ARG. */
export function runKeychainChildHere(): Promise<void> {
  const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (...names: string[]) => (...values: unknown[]) => Promise<void>;
  return new AsyncFunction('createRequire', CHILD_BODY)(createRequire);
}

/** The child's environment: the given one (it needs DBUS_SESSION_BUS_ADDRESS etc.) scrubbed of the key, without NODE_OPTIONS. */
export function buildChildEnv(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const { NODE_OPTIONS: _ignored, ...rest } = scrubbedEnv(env);
  return rest;
}

/** The bytes written to the child's stdin. */
export function buildChildInput(req: ChildRequest): string {
  return JSON.stringify(req);
}

/** Parses the child's stdout; undefined when it is not one complete response. */
export function parseChildResponse(text: string): ChildResponse | undefined {
  const line = text.split('\n')[0];
  if (!line) return undefined;
  try {
    const v: unknown = JSON.parse(line);
    if (typeof v !== 'object' || v === null) return undefined;
    const r = v as Record<string, unknown>;
    if (r.ok === true && (typeof r.value === 'string' || typeof r.value === 'boolean' || r.value === null)) {
      return { ok: true, value: r.value };
    }
    if (r.ok === false && typeof r.message === 'string' && (r.stage === 'load' || r.stage === 'call')) {
      return {
        ok: false,
        stage: r.stage,
        message: r.message,
        ...(typeof r.code === 'string' ? { code: r.code } : {}),
      };
    }
  } catch {
    // fall through
  }
  return undefined;
}
