import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { localeCheck, NODE_ENGINES, nodeCheck } from '../../src/cli/commands/doctor/runtime-checks.js';

describe('doctor: Node and locale', () => {
  it('knows the engines package.json declares', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { engines: { node: string } };
    expect(NODE_ENGINES).toBe(pkg.engines.node);
  });

  it('passes a Node that meets engines and fails an older one', () => {
    expect(nodeCheck('20.18.0').status).toBe('pass');
    expect(nodeCheck('22.1.0').status).toBe('pass');
    const old = nodeCheck('20.17.9');
    expect(old.status).toBe('fail');
    expect(old.summary).toMatch(/too old.*>=20\.18/);
  });

  it('warns under a locale that is not UTF-8, naming the variable that decided and the way out', () => {
    const c = localeCheck({ LC_ALL: 'C', LANG: 'en_US.UTF-8' });
    expect(c.status).toBe('warn');
    expect(c.summary).toMatch(/^LC_ALL=C: not UTF-8.*ASCII only.*PAGETUI_UTF8=1/);
    expect(c.facts).toMatchObject({ variable: 'LC_ALL', charset: 'ascii' });
  });

  it('passes a UTF-8 locale, and PAGETUI_UTF8=1 under one that is not', () => {
    expect(localeCheck({ LANG: 'de_DE.UTF-8' })).toMatchObject({ status: 'pass', summary: 'LANG=de_DE.UTF-8: UTF-8' });
    expect(localeCheck({ LANG: 'C', PAGETUI_UTF8: '1' })).toMatchObject({ status: 'pass', facts: { charset: 'utf-8' } });
  });
});
