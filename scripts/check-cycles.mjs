// Fails when the imports under src/ form a cycle. Type-only imports count too, and so do inline
// type expressions (`import('./x.js').T`, `typeof import('./x.js')`): a cycle of types is still
// two modules that cannot be understood one without the other. A lazy `import()` call is left out:
// the entry loads the app that way on purpose. Run by `npm run lint`; `findCycles(dir)` is tested.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';

export function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

export function resolveImport(from, spec) {
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

/**
 * The relative module names a file imports: declarations, re-exports and inline import types, and
 * with `lazyCalls` also `import()` calls.
 */
export function importedNames(file, { lazyCalls = false } = {}) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const names = [];
  const literal = (node) => (node !== undefined && ts.isStringLiteral(node) ? node.text : undefined);
  const visit = (node) => {
    let name;
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) name = literal(node.moduleSpecifier);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) name = literal(node.argument.literal);
    else if (lazyCalls && ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) name = literal(node.arguments[0]);
    if (name?.startsWith('.')) names.push(name);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return names;
}

/** Every import cycle among the TypeScript files under `dir`, each as its path of files (first repeated last). */
export function findCycles(dir) {
  const files = sourceFiles(dir);
  const edges = new Map(files.map((file) => [file, []]));
  for (const file of files) {
    for (const name of importedNames(file)) {
      const target = resolveImport(file, name);
      if (target !== undefined && edges.has(target) && !edges.get(file).includes(target)) edges.get(file).push(target);
    }
  }

  // Depth-first search with colours; each cycle is reported once, by its path.
  const state = new Map();
  const cycles = [];
  const visit = (file, trail) => {
    state.set(file, 'open');
    trail.push(file);
    for (const next of edges.get(file)) {
      if (state.get(next) === 'open') cycles.push(trail.slice(trail.indexOf(next)).concat(next));
      else if (!state.has(next)) visit(next, trail);
    }
    trail.pop();
    state.set(file, 'done');
  };
  for (const file of files) if (!state.has(file)) visit(file, []);
  return { files: files.length, cycles };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const { files, cycles } = findCycles(join(root, 'src'));
  if (cycles.length > 0) {
    for (const cycle of cycles) console.error(`import cycle: ${cycle.map((f) => relative(root, f)).join(' → ')}`);
    process.exit(1);
  }
  console.log(`check-cycles: ${files} files under src/, no import cycle`);
}
