/**
 * The streams and environment a command runs with. The CLI passes the process's own; tests pass
 * their own streams and a temp environment, and run the same code.
 */
import type { Env } from '../../auth/paths.js';
import type { KeychainOptions } from '../../auth/keychain.js';

export interface CommandIo {
  readonly stdin: NodeJS.ReadableStream & { readonly isTTY?: boolean };
  readonly stdout: NodeJS.WritableStream;
  /** Messages and the interactive prompts (so stdout stays clean for pipes). */
  readonly stderr: NodeJS.WritableStream & { readonly isTTY?: boolean };
  readonly env: Env;
  /** Passed to every keychain call (e.g. a shorter deadline). Its env defaults to `env`. */
  readonly keychain?: KeychainOptions;
}

/** Exit codes of the auth commands. */
export const EXIT = { ok: 0, failure: 1, usage: 2, auth: 3, network: 6, cancelled: 130 } as const;

/** The process's own streams and environment. */
export function processIo(): CommandIo {
  return { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, env: process.env };
}

/** Writes one line. */
export function line(stream: NodeJS.WritableStream, text: string): void {
  stream.write(`${text}\n`);
}

/** `pagetui: <message>` on stderr; returns the usage exit code. */
export function usageError(io: CommandIo, message: string): number {
  line(io.stderr, `pagetui: ${message}`);
  return EXIT.usage;
}

/** True when the key can be typed into a prompt: stdin and stderr are terminals. */
export function canPrompt(io: CommandIo): boolean {
  return io.stdin.isTTY === true && io.stderr.isTTY === true;
}
