/**
 * The compile cache (and Node 20's code cache) is not made when the home it would go under does
 * not exist (HOME=/nonexistent, the home of nobody and _apt): a listing creates no home folder.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { usableCacheDir } from '../../src/startup/compile-cache.js';

const dir = mkdtempSync(join(tmpdir(), 'pagetui-cache-home-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the compile cache folder', () => {
  it('is none when HOME does not exist (and XDG_CACHE_HOME is unset)', () => {
    expect(usableCacheDir('1.0.0', { HOME: join(dir, 'nonexistent') }, 'code-cache')).toBeUndefined();
    expect(usableCacheDir('1.0.0', { HOME: join(dir, 'nonexistent'), XDG_CACHE_HOME: '' })).toBeUndefined();
  });

  it('is none when XDG_CACHE_HOME and the folder it would be made in do not exist', () => {
    expect(usableCacheDir('1.0.0', { HOME: dir, XDG_CACHE_HOME: join(dir, 'no', 'cache') })).toBeUndefined();
  });

  it('is under an existing HOME, or an XDG_CACHE_HOME whose parent exists', () => {
    expect(usableCacheDir('1.0.0', { HOME: dir })).toBe(join(dir, '.cache', 'pagetui', 'compile-cache', '1.0.0'));
    expect(usableCacheDir('1.0.0', { HOME: '/nonexistent', XDG_CACHE_HOME: join(dir, 'cache') })).toBe(join(dir, 'cache', 'pagetui', 'compile-cache', '1.0.0'));
  });
});
