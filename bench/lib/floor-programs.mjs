/**
 * Bare node programs run the same way as the app, giving each figure its floor: how long node
 * takes to start and print, how long a bare bundled Ink app takes to draw its first frame, to
 * answer a key in raw mode, and how much memory it holds idle.
 */
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PtySession } from './pty-session.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
// Outside the project, so that no linter or test runner picks the minified bundle up.
const INK_FLOOR_BUNDLE = join(tmpdir(), `pagetui-bench-ink-floor-${process.pid}.mjs`);

/** Prints a line and stays alive (until killed), like the app's first frame. */
const PRINT_AND_IDLE = "process.stdout.write('ready\\n'); setInterval(() => {}, 1000);";

/** One line drawn by Ink, then idle: the least any Ink app can do before its first frame. */
const INK_ONE_LINE = `
import React from 'react';
import { render, Text } from 'ink';
render(React.createElement(Text, null, 'ready'), { exitOnCtrlC: false, patchConsole: false });
setInterval(() => {}, 1000);
`;

/** Answers every key with a short write, like a minimal raw-mode TUI. */
const ECHO_KEYS =
  "process.stdin.setRawMode(true); process.stdin.on('data', (d) => { if (d.includes(113)) process.exit(0); process.stdout.write('\\u001b[1;1Hk' + d.length); }); process.stdout.write('ready\\n');";

/** @param {string} node the Node binary to start (the machine's by default) */
export function startPrinter(node = process.execPath) {
  return new PtySession([node, '-e', PRINT_AND_IDLE]);
}

let inkFloorBuilt;

/**
 * Bundles the one-line Ink app once per bench run, with the options scripts/build.mjs gives the app
 * (ESM, minified, production React, devtools stubbed, the same createRequire banner), so the floor
 * and the app pay for the same kind of bundle.
 */
export function buildInkFloor() {
  if (!inkFloorBuilt) process.once('exit', () => rmSync(INK_FLOOR_BUNDLE, { force: true }));
  inkFloorBuilt ??= build({
    absWorkingDir: root,
    stdin: { contents: INK_ONE_LINE, resolveDir: root, loader: 'js', sourcefile: 'ink-floor.mjs' },
    outfile: INK_FLOOR_BUNDLE,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node18',
    minify: true,
    legalComments: 'none',
    alias: { 'react-devtools-core': './scripts/stubs/empty.js' },
    define: { 'process.env.NODE_ENV': '"production"' },
    banner: {
      js: "import { createRequire as __floorCreateRequire } from 'node:module'; const require = __floorCreateRequire(import.meta.url);",
    },
    logLevel: 'warning',
  }).then(() => INK_FLOOR_BUNDLE);
  return inkFloorBuilt;
}

/** The bare Ink app (built by buildInkFloor) under `node`, in the same 120x40 pty as the app. */
export function startInkPrinter(node = process.execPath) {
  return new PtySession([node, INK_FLOOR_BUNDLE]);
}

export function startEcho() {
  return new PtySession([process.execPath, '-e', ECHO_KEYS]);
}
