// Fails when an import under src/ goes the wrong way between the folders ARCHITECTURE.md's code
// map describes. Unlike ESLint's no-restricted-imports it sees every kind of import: declarations,
// re-exports, type-only imports, inline types (`import('./x.js').T`) and lazy `import()` calls.
// Run by `npm run lint`; `findLayerBreaks(srcDir)` is tested (test/lint/check-layers.test.ts).
import { join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { importedNames, resolveImport, sourceFiles } from './check-cycles.mjs';

/** The UI's entries for the command line: nothing else of src/ui may be imported from src/cli. */
const UI_ENTRIES = /^ui\/(index\.ts|run\.tsx|first-frame\/draw\.ts|[a-z-]+\/index\.ts)$/;
const inside = (...folders) => (path) => folders.some((folder) => path.startsWith(`${folder}/`));

/** Each rule: the files it governs, the targets they may not import, and why (paths under src/). */
const RULES = [
  {
    from: inside('text', 'fs', 'flags', 'terminfo'),
    forbids: (to, from) => to.split('/')[0] !== from.split('/')[0],
    why: 'text, fs, flags and terminfo are the bottom layer: they import nothing of the app outside their folder',
  },
  { from: inside('api'), forbids: (to) => !inside('api', 'text')(to), why: 'api imports nothing of ours but text' },
  {
    from: inside('auth', 'demo-server', 'startup'),
    forbids: (to) => inside('ui', 'cli')(to) || to === 'cli.ts',
    why: 'auth, demo-server and startup never import the UI or the command line',
  },
  { from: inside('ui'), forbids: (to) => inside('cli', 'demo-server')(to) || to === 'cli.ts', why: 'the UI never imports the command line or the demo server' },
  { from: inside('ui/store'), forbids: inside('ui/components', 'ui/screens'), why: 'the store imports nothing from the components or the screens (they import the store)' },
  { from: inside('ui/services'), forbids: inside('auth'), why: 'ui/services does not depend on auth (the atomic writer is src/fs)' },
  {
    from: (path) => inside('cli')(path) || path === 'cli.ts',
    forbids: (to) => inside('ui')(to) && !UI_ENTRIES.test(to),
    why: 'the command line takes the UI only through ui/index.ts, a ui folder\'s index.ts, ui/run.tsx or ui/first-frame/draw.ts',
  },
];

/** Every wrong-way import among the TypeScript files under `srcDir`, as paths relative to it. */
export function findLayerBreaks(srcDir) {
  const files = sourceFiles(srcDir);
  const breaks = [];
  for (const file of files) {
    const from = relative(srcDir, file);
    const rules = RULES.filter((rule) => rule.from(from));
    if (rules.length === 0) continue;
    for (const name of importedNames(file, { lazyCalls: true })) {
      const target = resolveImport(file, name);
      if (target === undefined) continue;
      const to = relative(srcDir, target);
      const broken = rules.find((rule) => rule.forbids(to, from));
      if (broken && !breaks.some((b) => b.from === from && b.to === to)) breaks.push({ from, to, why: broken.why });
    }
  }
  return { files: files.length, breaks };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const src = join(fileURLToPath(new URL('..', import.meta.url)), 'src');
  const { files, breaks } = findLayerBreaks(src);
  for (const b of breaks) console.error(`wrong-way import: src/${b.from} → src/${b.to}: ${b.why}.`);
  if (breaks.length > 0) process.exit(1);
  console.log(`check-layers: ${files} files under src/, every import goes the way ARCHITECTURE.md draws`);
}
