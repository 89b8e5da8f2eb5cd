/** What a child process printed and how it ended. */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';

export interface ProcessOutput {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Collects the child's stdout and stderr until it closes. */
export function processOutput(child: ChildProcessByStdio<null, Readable, Readable>): Promise<ProcessOutput> {
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Runs a program to its end (no shell unless asked for, no stdin): its exit code and output. */
export function runProcess(file: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<ProcessOutput> {
  return processOutput(spawn(file, [...args], { env, stdio: ['ignore', 'pipe', 'pipe'] }));
}
