import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig, saveView } from '../../src/auth/config.js';
import { findView, readViews } from '../../src/auth/config-views.js';
import { configPath } from '../../src/auth/paths.js';
import { appViews } from '../../src/cli/start-view.js';
import { cleanupTemp, tempDir } from './helpers.js';

afterEach(cleanupTemp);

function envWith(config?: unknown): Record<string, string | undefined> {
  const xdg = tempDir();
  const env = { XDG_CONFIG_HOME: xdg, HOME: tempDir() };
  if (config !== undefined) {
    mkdirSync(join(xdg, 'pagetui'));
    writeFileSync(join(xdg, 'pagetui', 'config.json'), typeof config === 'string' ? config : JSON.stringify(config, null, 2));
  }
  return env;
}

describe('"views" in the config', () => {
  it('reads views and says what is wrong with a bad one', () => {
    expect(readViews({ drafts: { screen: 'groups', query: 'status:draft', sort: '-updated', status: 'draft' } })).toEqual({
      views: { drafts: { screen: 'groups', query: 'status:draft', sort: '-updated', status: 'draft' } },
    });
    expect(readViews(undefined)).toEqual({ views: {} });
    expect(readViews([])).toEqual({ problem: expect.stringContaining('"views" must be an object') });
    expect(readViews({ a: { screen: 'list', query: '' } })).toEqual({ problem: 'view "a" needs "screen": "groups" or "pages"' });
    expect(readViews({ a: { screen: 'pages', query: 3 } })).toEqual({ problem: expect.stringContaining('needs a "query" string') });
    expect(readViews({ a: { screen: 'pages', query: '', sort: 'size' } })).toEqual({ problem: expect.stringContaining('"sort" must be one of') });
    expect(readViews({ a: { screen: 'pages', query: '', status: 'draft' } })).toEqual({ problem: expect.stringContaining('groups screen only') });
    expect(readViews({ 'a\u001b[2J': { screen: 'pages', query: '' } })).toEqual({ problem: expect.stringContaining('control characters') });
    // Invisible in a terminal, so the problem names the character.
    expect(readViews({ 'drafts\u202Egnp.exe': { screen: 'pages', query: '' } })).toEqual({ problem: expect.stringContaining('direction marks or other invisible characters (it holds U+202E)') });
    expect(readViews({ 'drafts\u200F': { screen: 'pages', query: '' } })).toEqual({ problem: expect.stringContaining('(it holds U+200F)') });
    expect(readViews({ 'team \u{1F468}\u200D\u{1F469}': { screen: 'pages', query: '' } })).toHaveProperty('views');
  });

  it('keeps a view named "__proto__" as a view', () => {
    const env = envWith('{"views": {"__proto__": {"screen": "groups", "query": "a"}, "b": {"screen": "pages", "query": ""}}}');
    const views = loadConfig(env).config.views ?? {};
    expect(Object.keys(views)).toEqual(['__proto__', 'b']);
    expect(findView(views, '__proto__')).toEqual({ screen: 'groups', query: 'a' });
  });

  it('loads with the rest of the config', () => {
    const env = envWith({ profiles: {}, views: { mine: { screen: 'pages', query: 'updated<7d' } } });
    expect(loadConfig(env).config.views).toEqual({ mine: { screen: 'pages', query: 'updated<7d' } });
  });

  it('saves a view keeping every other key of the file as it was', () => {
    const env = envWith({ profiles: { prod: { baseUrl: 'https://x.example', extra: 1 } }, default: 'prod', keys: { quit: 'Q' }, views: { old: { screen: 'groups', query: 'a' } } });
    const path = saveView('new', { screen: 'pages', query: 'name:home' }, env);
    expect(path).toBe(configPath(env));
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({
      profiles: { prod: { baseUrl: 'https://x.example', extra: 1 } },
      default: 'prod',
      keys: { quit: 'Q' },
      views: { old: { screen: 'groups', query: 'a' }, new: { screen: 'pages', query: 'name:home' } },
    });
  });

  it('creates the file when there is none, and leaves a malformed one alone', () => {
    const env = envWith();
    saveView('v', { screen: 'groups', query: '' }, env);
    expect(JSON.parse(readFileSync(configPath(env), 'utf8'))).toEqual({ views: { v: { screen: 'groups', query: '' } } });
    const bad = envWith('{ not json');
    expect(() => saveView('v', { screen: 'groups', query: '' }, bad)).toThrow(/left as it is: it is not valid JSON/);
    expect(readFileSync(configPath(bad), 'utf8')).toBe('{ not json');
  });
});

describe('--view NAME', () => {
  const config = { profiles: {}, views: { drafts: { screen: 'groups' as const, query: 'status:draft' }, home: { screen: 'pages' as const, query: 'name:home' }, broken: { screen: 'groups' as const, query: 'foo:bar' } } };
  it('finds the view, or names the known ones', () => {
    expect(findView(config.views, 'drafts')).toEqual({ screen: 'groups', query: 'status:draft' });
    expect(findView(config.views, 'nope')).toBe('there is no view "nope": the views are "drafts", "home", "broken".');
    expect(findView({}, 'nope')).toContain('no views are saved yet');
    expect(findView(config.views, 'constructor')).toContain('there is no view');
  });

  it('is a usage error for a page view without a group, or a query that does not parse', () => {
    const env = envWith();
    expect(appViews({ view: 'home' }, config, env)).toEqual({ problem: expect.stringContaining('pagetui open <group-id> --view home') });
    expect(appViews({ view: 'home', open: { groupId: 'g-1' } }, config, env)).toMatchObject({ start: { screen: 'pages' } });
    expect(appViews({ view: 'broken' }, config, env)).toEqual({ problem: expect.stringContaining('col 1: unknown field "foo"') });
    expect(appViews({ view: 'nope' }, config, env)).toEqual({ problem: expect.stringMatching(/^There is no view "nope"/) });
    // A page view whose query does not parse says so first: naming the group would only lead to it.
    const brokenPages = { profiles: {}, views: { s5: { screen: 'pages' as const, query: '((' } } };
    expect(appViews({ view: 's5' }, brokenPages, env)).toEqual({ problem: expect.stringMatching(/^View "s5" has a query that does not parse/) });
  });

  it('quotes a view name for the shell in the command it suggests', () => {
    const env = envWith();
    const name = 'my "view" \u00fcn\u00ef it\'s';
    const odd = { profiles: {}, views: { [name]: { screen: 'pages' as const, query: '' } } };
    expect(appViews({ view: name }, odd, env)).toEqual({ problem: expect.stringContaining(`pagetui open <group-id> --view 'my "view" \u00fcn\u00ef it'\\''s'.`) });
  });
});
