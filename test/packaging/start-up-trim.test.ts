/**
 * The build's start-up rewrites (scripts/lib/start-up-trim.mjs) fail the build when they stop
 * applying, and the built bundle shows they applied.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MARKER } from '../../scripts/lib/ink-patch.mjs';
import { checkTrim } from '../../scripts/lib/start-up-trim.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const applied = { script: true, inkAwaits: 2, undici: 1, yogaEntry: 1, yogaHook: 1, stringWidth: 1, stringWidthSimple: 1, undiciH2: 1, builtins: 40 };
const inputs = (...paths: string[]) => ({ inputs: Object.fromEntries(paths.map((p) => [p, { bytes: 0, imports: [] }])) });

describe('the start-up rewrites are guarded', () => {
  it('pass when each applied once', () => {
    expect(() => checkTrim(applied, inputs('node_modules/undici/lib/dispatcher/agent.js'))).not.toThrow();
  });

  it('fail when undici was not redirected, or its fetch or WebSocket code is bundled anyway', () => {
    expect(() => checkTrim({ ...applied, undici: 0 }, inputs())).toThrow(/undici was not redirected/);
    expect(() => checkTrim(applied, inputs('node_modules/undici/lib/web/fetch/index.js'))).toThrow(/start-up should not load/);
    expect(() => checkTrim(applied, inputs('node_modules/undici/lib/web/websocket/websocket.js'))).toThrow(/start-up should not load/);
  });

  it("fail when yoga-layout's loader or ink's reconciler changed", () => {
    expect(() => checkTrim({ ...applied, yogaHook: 0 }, inputs())).toThrow(/yoga-layout's loader changed/);
    expect(() => checkTrim({ ...applied, yogaEntry: 2 }, inputs())).toThrow(/yoga-layout's loader changed/);
    expect(() => checkTrim({ ...applied, inkAwaits: 1 }, inputs())).toThrow(/ink's reconciler changed/);
    expect(() => checkTrim({ ...applied, script: false, inkAwaits: 0 }, inputs())).not.toThrow();
  });

  it('fail when no import of a Node built-in became a require() in the ES module chunks', () => {
    expect(() => checkTrim({ ...applied, script: false, inkAwaits: 0, builtins: 0 }, inputs())).toThrow(/Node built-in/);
    expect(() => checkTrim({ ...applied, builtins: 0 }, inputs())).not.toThrow(); // the CommonJS bundle requires them anyway
  });

  it("fail when undici's Client no longer requires its HTTP/2 code as expected", () => {
    expect(() => checkTrim({ ...applied, undiciH2: 0 }, inputs())).toThrow(/undici's Client changed/);
  });

  it("fail when string-width's RGI emoji regex or its simple fast path was not applied exactly once", () => {
    expect(() => checkTrim({ ...applied, stringWidth: 0 }, inputs())).toThrow(/string-width's RGI emoji regex/);
    expect(() => checkTrim({ ...applied, stringWidth: 2 }, inputs())).toThrow(/string-width's RGI emoji regex/);
    expect(() => checkTrim({ ...applied, stringWidthSimple: 0 }, inputs())).toThrow(/string-width's fast path for simple characters/);
  });

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
