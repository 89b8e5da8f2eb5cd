/** The built bundle shows the start-up rewrites applied (scripts/lib/start-up-trim.mjs; their guard: start-up-trim.test.ts). */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MARKER } from '../../scripts/lib/ink-patch.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('the start-up rewrites in the built bundle', () => {
  it('the built app bundle and the chunks hold the ink Output replacement and no undici fetch', () => {
    const chunks = readdirSync(join(root, 'dist/chunks')).map((f) => readFileSync(join(root, 'dist/chunks', f), 'utf8'));
    const app = readFileSync(join(root, 'dist/app.cjs'), 'utf8');
    expect(app.includes(MARKER)).toBe(true);
    // string-width's RGI emoji regex is built on first use only (scripts/lib/string-width-rgi.mjs).
    for (const text of [app, ...chunks.filter((chunk) => chunk.includes('RGI_Emoji'))]) expect(text).toMatch(/\?\?=\s*new RegExp\("\^\\\\p\{RGI_Emoji\}\$"/);
    // A class of undici's WebSocket code, which undici's full index would bring in.
    expect([app, ...chunks].filter((text) => text.includes('WebSocketStream'))).toHaveLength(0);
    expect(chunks.some((text) => text.includes('undici:request:create'))).toBe(true); // undici itself is there
  });

  it("only the demo server imports node:http as an ES module (on Node >= 22 that evaluates Node's own undici)", () => {
    const chunks = readdirSync(join(root, 'dist/chunks')).map((f) => readFileSync(join(root, 'dist/chunks', f), 'utf8'));
    const imports = chunks.flatMap((text) => [...text.matchAll(/import\s*\{([^}]*)\}\s*from\s*"(?:node:)?http"/g)].map((m) => m[1]));
    expect(imports.every((names) => /createServer/.test(names ?? ''))).toBe(true);
  });
});
