/**
 * The build's start-up rewrites (scripts/lib/start-up-trim.mjs) fail the build when they stop
 * applying (the built bundle shows they applied: start-up-trim-bundle.e2e.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { checkTrim } from '../../scripts/lib/start-up-trim.mjs';

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
});
