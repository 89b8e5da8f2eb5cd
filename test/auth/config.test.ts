import { mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveBaseUrl } from '../../src/auth/base-url-source.js';
import { loadConfig, saveDefaultProfileIfAbsent } from '../../src/auth/config.js';
import { configDir, configPath } from '../../src/auth/paths.js';
import { cleanupTemp, tempDir } from './helpers.js';

afterEach(cleanupTemp);

function envWith(config?: unknown, extra: Record<string, string> = {}): Record<string, string | undefined> {
  const xdg = tempDir();
  const env = { XDG_CONFIG_HOME: xdg, HOME: tempDir(), ...extra };
  if (config !== undefined) {
    mkdirSync(join(xdg, 'pagetui'));
    writeFileSync(join(xdg, 'pagetui', 'config.json'), typeof config === 'string' ? config : JSON.stringify(config));
  }
  return env;
}

const CONFIG = {
  profiles: { prod: { baseUrl: 'https://prod.example' }, stage: { baseUrl: 'https://stage.example' } },
  default: 'prod',
};

describe('configDir', () => {
  it('uses XDG_CONFIG_HOME, else ~/.config; a relative XDG_CONFIG_HOME is ignored', () => {
    expect(configDir({ XDG_CONFIG_HOME: '/x/cfg', HOME: '/home/u' })).toBe('/x/cfg/pagetui');
    expect(configDir({ HOME: '/home/u' })).toBe('/home/u/.config/pagetui');
    expect(configDir({ XDG_CONFIG_HOME: 'rel', HOME: '/home/u' })).toBe('/home/u/.config/pagetui');
  });
});

describe('resolveBaseUrl precedence', () => {
  const full = () =>
    envWith(CONFIG, { PAGETUI_BASE_URL: 'https://env.example', PAGETUI_PROFILE: 'stage' });

  it('--base-url wins over everything', () => {
    expect(resolveBaseUrl({ flag: 'https://flag.example', profile: 'stage', env: full() })).toEqual({
      baseUrl: 'https://flag.example',
      source: 'flag',
    });
  });
  it('then --profile NAME', () => {
    expect(resolveBaseUrl({ profile: 'stage', env: full() })).toEqual({
      baseUrl: 'https://stage.example',
      source: 'profile',
      profile: 'stage',
    });
  });
  it('then PAGETUI_BASE_URL', () => {
    expect(resolveBaseUrl({ env: full() })).toEqual({ baseUrl: 'https://env.example', source: 'env' });
  });
  it("then PAGETUI_PROFILE's baseUrl", () => {
    expect(resolveBaseUrl({ env: envWith(CONFIG, { PAGETUI_PROFILE: 'stage' }) })).toEqual({
      baseUrl: 'https://stage.example',
      source: 'env-profile',
      profile: 'stage',
    });
  });
  it("then the config's default profile", () => {
    expect(resolveBaseUrl({ env: envWith(CONFIG) })).toEqual({
      baseUrl: 'https://prod.example',
      source: 'config-default',
      profile: 'prod',
    });
  });
  it('none when nothing is configured', () => {
    expect(resolveBaseUrl({ env: envWith() })).toEqual({ source: 'none' });
  });
  it('empty flag and env values count as unset', () => {
    expect(resolveBaseUrl({ flag: '', profile: ' ', env: envWith(CONFIG, { PAGETUI_BASE_URL: '' }) }).source).toBe(
      'config-default',
    );
  });

  it('an unknown --profile is an error listing the known profiles', () => {
    const r = resolveBaseUrl({ profile: 'qa', env: envWith(CONFIG) });
    expect(r.baseUrl).toBeUndefined();
    expect(r.error).toMatch(/^Unknown profile "qa" \(from --profile\); known profiles: "prod", "stage" in .*config\.json\.$/);
  });
  it('an unknown PAGETUI_PROFILE is an error too, naming the variable', () => {
    const r = resolveBaseUrl({ env: envWith(undefined, { PAGETUI_PROFILE: 'qa' }) });
    expect(r.error).toContain('(from PAGETUI_PROFILE); no profiles are defined');
  });
  it('a default naming a missing profile warns and resolves to none', () => {
    const r = resolveBaseUrl({ env: envWith({ profiles: {}, default: 'gone' }) });
    expect(r.source).toBe('none');
    expect(r.warning).toMatch(/default profile "gone" .*no profile has that name/);
  });
  it('the flag wins, and a malformed config is still said', () => {
    const r = resolveBaseUrl({ flag: 'https://f.example', env: envWith('{bad') });
    expect(r.baseUrl).toBe('https://f.example');
    expect(r.warning).toContain('not valid JSON');
  });
});

describe('malformed config files', () => {
  const cases: Array<[string, unknown, RegExp]> = [
    ['bad JSON', '{"profiles": {', /it is not valid JSON \(line 1, column \d+\)\.$/],
    ['not an object', '[1,2]', /it must hold a JSON object\.$/],
  ];
  for (const [name, content, problem] of cases) {
    it(`${name}: one line naming the file and the problem, empty config`, () => {
      const env = envWith(content);
      const r = loadConfig(env);
      expect(r.config).toEqual({ profiles: {} });
      expect(r.warning).toBeDefined();
      expect(r.warning).not.toContain('\n');
      expect(r.warning?.startsWith(`Ignoring ${configPath(env)}: `)).toBe(true);
      expect(r.warning).toMatch(problem);
    });
  }

  it('the warning reaches resolveBaseUrl, which still resolves from the environment', () => {
    const r = resolveBaseUrl({ env: envWith('nope', { PAGETUI_PROFILE: 'prod' }) });
    expect(r.warning).toContain('not valid JSON');
    expect(r.error).toContain('Unknown profile "prod"');
  });

  it('an empty or absent file is just an empty config', () => {
    expect(loadConfig(envWith('  \n'))).toEqual({ config: { profiles: {} }, problems: [] });
    expect(loadConfig(envWith())).toEqual({ config: { profiles: {} }, problems: [] });
  });
});

describe('saveDefaultProfileIfAbsent', () => {
  it('creates the folder 0700 and writes a default profile', () => {
    const env = envWith();
    const r = saveDefaultProfileIfAbsent('https://api.example', env);
    expect(r.written).toBe(true);
    expect(statSync(configDir(env)).mode & 0o777).toBe(0o700);
    expect(JSON.parse(readFileSync(configPath(env), 'utf8'))).toEqual({
      profiles: { default: { baseUrl: 'https://api.example' } },
      default: 'default',
    });
    expect(resolveBaseUrl({ env }).baseUrl).toBe('https://api.example');
    expect(readdirSync(configDir(env))).toEqual(['config.json']); // no temp file left
  });

  it('merges into an existing file without a default, keeping unknown fields', () => {
    const env = envWith({ profiles: { prod: { baseUrl: 'https://prod.example', note: 'x' } }, theme: 'dark' });
    expect(saveDefaultProfileIfAbsent('https://api.example', env).written).toBe(true);
    expect(JSON.parse(readFileSync(configPath(env), 'utf8'))).toEqual({
      profiles: { prod: { baseUrl: 'https://prod.example', note: 'x' }, default: { baseUrl: 'https://api.example' } },
      theme: 'dark',
      default: 'default',
    });
  });

  it('does nothing when a default profile exists', () => {
    const env = envWith(CONFIG);
    const before = readFileSync(configPath(env), 'utf8');
    expect(saveDefaultProfileIfAbsent('https://api.example', env)).toEqual({ written: false, path: configPath(env) });
    expect(readFileSync(configPath(env), 'utf8')).toBe(before);
  });

  it('never overwrites a malformed file', () => {
    const env = envWith('{oops');
    const r = saveDefaultProfileIfAbsent('https://api.example', env);
    expect(r.written).toBe(false);
    expect(r.warning).toContain('not valid JSON');
    expect(readFileSync(configPath(env), 'utf8')).toBe('{oops');
  });

  it('leaves an unrelated profile named "default" alone', () => {
    const env = envWith({ profiles: { default: { baseUrl: 'https://other.example' } } });
    saveDefaultProfileIfAbsent('https://api.example', env);
    const saved = JSON.parse(readFileSync(configPath(env), 'utf8'));
    expect(saved.profiles.default.baseUrl).toBe('https://other.example');
    expect(saved.default).toBe('default-2');
    expect(saved.profiles['default-2'].baseUrl).toBe('https://api.example');
  });
});
