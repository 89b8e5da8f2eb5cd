/**
 * The package as users get it: `npm pack`, installed into a fresh prefix, run from there.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv } from '../helpers/pty-app.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'pagetui-pack-'));
const prefix = join(work, 'prefix');
let tarball = '';
let files: string[] = [];

beforeAll(() => {
  // --ignore-scripts: the suite has already built dist/, and other tests are using it.
  const out = execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const [info] = JSON.parse(out) as { filename: string; files: { path: string }[] }[];
  tarball = join(work, info!.filename);
  files = info!.files.map((f) => f.path).sort();
  execFileSync(
    'npm',
    ['install', '--global', '--prefix', prefix, '--omit=optional', '--prefer-offline', '--no-audit', '--no-fund', tarball],
    { stdio: 'ignore', env: { ...process.env, npm_config_update_notifier: 'false' } },
  );
}, 120_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the packed tarball', () => {
  it('holds only what runs and its documents: the bundle, README (with its screenshots), docs/, ARCHITECTURE.md, LICENSE, the config schema and package.json', () => {
    expect(files).toContain('dist/pagetui.js');
    expect(files).toContain('README.md');
    expect(files).toContain('LICENSE');
    expect(files).toContain('package.json');
    expect(files).toContain('schema/config.schema.json');
    expect(files).toContain('openapi/page-service.yaml');
    const unexpected = files.filter((f) => !/^(dist\/|README\.md$|ARCHITECTURE\.md$|LICENSE$|package\.json$|schema\/config\.schema\.json$|openapi\/page-service\.yaml$|docs\/[\w-]+\.md$|screenshots\/[\w-]+\.svg$)/.test(f));
    expect(unexpected).toEqual([]);
    expect(files.some((f) => f.endsWith('.ts') || f.endsWith('.map'))).toBe(false);
  });

  it('holds the contract the packed docs cite (openapi/page-service.yaml)', () => {
    const cited = new Set<string>();
    for (const doc of files.filter((f) => /^docs\/[\w-]+\.md$|^README\.md$|^ARCHITECTURE\.md$/.test(f))) {
      for (const m of readFileSync(join(root, doc), 'utf8').matchAll(/\bopenapi\/[\w.-]+\.yaml\b/g)) cited.add(m[0]);
    }
    expect(cited.size).toBeGreaterThan(0);
    expect([...cited].filter((path) => !files.includes(path))).toEqual([]);
  });

  it('holds every file the README links relatively (no broken images on the registry page)', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const linked = [...readme.matchAll(/\]\(([^)#\s]+)\)/g)].map((m) => m[1]!).filter((href) => !/^[a-z]+:/i.test(href));
    expect(linked.filter((href) => href.startsWith('screenshots/')).length).toBeGreaterThan(0);
    expect(linked.filter((href) => !files.includes(href.replace(/^\.\//, '')))).toEqual([]);
  });

  it('declares no runtime dependency except the optional keychain module', () => {
    const installed = JSON.parse(readFileSync(join(prefix, 'lib/node_modules/pagetui/package.json'), 'utf8'));
    expect(installed.dependencies ?? {}).toEqual({});
    expect(Object.keys(installed.optionalDependencies ?? {})).toEqual(['@github/keytar']);
    // Whatever npm installed beside it can only be the optional keychain module and its helpers.
    const nested = join(prefix, 'lib/node_modules/pagetui/node_modules');
    const present = readdirSync(join(prefix, 'lib/node_modules/pagetui')).includes('node_modules');
    if (present) expect(readdirSync(nested)).not.toContain('ink');
  });

  it('runs from the installed prefix: --version and a demo listing', () => {
    const bin = join(prefix, 'bin/pagetui');
    const version = spawnSync(bin, ['--version'], { encoding: 'utf8', env: cleanEnv(), cwd: work });
    expect(version.status).toBe(0);
    expect(version.stdout.trim()).toBe(`pagetui ${JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version}`);

    const listing = spawnSync(bin, ['pages', 'grp-1', '--json', '--demo', '--max', '5'], {
      encoding: 'utf8',
      env: cleanEnv(),
      cwd: work,
    });
    expect(listing.status).toBe(0);
    const lines = listing.stdout.trim().split('\n');
    expect(lines).toHaveLength(5);
    expect(lines.map((l) => JSON.parse(l).pageId)).toEqual(['grp-1-p1', 'grp-1-p2', 'grp-1-p3', 'grp-1-p4', 'grp-1-p5']);
  });
});
