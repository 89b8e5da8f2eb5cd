// Fails when the static imports under src/ form a cycle (type-only imports count too: a cycle of
// types is still two modules that cannot be understood one without the other). Lazy `import()` is
// left out: the entry loads the app that way on purpose. Run by `npm run lint`.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const IMPORT = /^\s*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\bfrom\s*)?['"](\.{1,2}\/[^'"]+)['"]/gm;

function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function resolveImport(from, spec) {
  const base = join(dirname(from), spec).replace(/\.js$/, '');
  for (const candidate of [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this one
    }
  }
  return undefined;
}

const files = sourceFiles(join(root, 'src'));
const edges = new Map(files.map((file) => [file, []]));
for (const file of files) {
  for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
    const target = resolveImport(file, match[1]);
    if (target !== undefined && edges.has(target)) edges.get(file).push(target);
  }
}

// Depth-first search with colours; each cycle is reported once, by its path.
const state = new Map();
const cycles = [];
function visit(file, trail) {
  state.set(file, 'open');
  trail.push(file);
  for (const next of edges.get(file)) {
    if (state.get(next) === 'open') cycles.push(trail.slice(trail.indexOf(next)).concat(next));
    else if (!state.has(next)) visit(next, trail);
  }
  trail.pop();
  state.set(file, 'done');
}
for (const file of files) if (!state.has(file)) visit(file, []);

if (cycles.length > 0) {
  for (const cycle of cycles) console.error(`import cycle: ${cycle.map((f) => relative(root, f)).join(' → ')}`);
  process.exit(1);
}
console.log(`check-cycles: ${files.length} files under src/, no import cycle`);
