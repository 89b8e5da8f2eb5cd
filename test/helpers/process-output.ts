/** What a child process printed and how it ended. */
import type { ChildProcessByStdio } from 'node:child_process';
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
