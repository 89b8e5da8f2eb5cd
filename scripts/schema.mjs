// Writes schema/config.schema.json from the code (src/ui/keymap/config-schema-document.ts): the
// action names of the key table, the key-name syntax, the placeholders, the view rules.
// Run: npm run schema          (`node scripts/schema.mjs --check` exits 1 instead when it is stale)
import { build } from 'esbuild';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const file = `${root}schema/config.schema.json`;

const bundled = await build({
  stdin: { contents: "export { configSchemaText } from './src/ui/keymap/config-schema-document.ts';", resolveDir: root, loader: 'ts' },
  bundle: true,
  format: 'esm',
  platform: 'node',
  write: false,
  logLevel: 'error',
});
const { configSchemaText } = await import(`data:text/javascript;base64,${Buffer.from(bundled.outputFiles[0].text).toString('base64')}`);
const wanted = configSchemaText();
let current = '';
try {
  current = readFileSync(file, 'utf8');
} catch {
  // missing: written below, or stale under --check
}
if (current === wanted) console.log('schema/config.schema.json is current');
else if (process.argv.includes('--check')) {
  console.error('schema/config.schema.json is out of date with the code: run npm run schema');
  process.exit(1);
} else {
  writeFileSync(file, wanted);
  console.log('wrote schema/config.schema.json');
}
