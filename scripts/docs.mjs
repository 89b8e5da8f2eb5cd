// Writes the parts of the documents that the code already says, so they cannot disagree with it:
// README.md's key tables and exit codes (between its `<!-- NAME:begin … -->` and `<!-- NAME:end -->`
// markers) and the whole of docs/keys.md, from src/ui/keys/bindings.ts (through the same sections as
// the help overlay) and src/cli/commands/exit-codes.ts.
// Run: npm run docs          (`node scripts/docs.mjs --check` exits 1 instead, naming what is stale)
import { build } from 'esbuild';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { withSection } from './lib/doc-sections.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const check = process.argv.includes('--check');

const bundled = await build({
  stdin: {
    contents: [
      "export { keysDocument, readmeKeysMarkdown } from './src/ui/keys/keys-markdown.ts';",
      "export { exitCodesMarkdown } from './src/cli/commands/exit-codes.ts';",
    ].join('\n'),
    resolveDir: root,
    loader: 'ts',
  },
  bundle: true,
  format: 'esm',
  platform: 'node',
  write: false,
  logLevel: 'error',
});
const generated = await import(`data:text/javascript;base64,${Buffer.from(bundled.outputFiles[0].text).toString('base64')}`);

const readmePath = `${root}README.md`;
let readme = readFileSync(readmePath, 'utf8');
readme = withSection(readme, 'keys', generated.readmeKeysMarkdown());
readme = withSection(readme, 'exit-codes', generated.exitCodesMarkdown());
const wanted = new Map([
  ['README.md', readme],
  ['docs/keys.md', generated.keysDocument()],
]);

let stale = 0;
for (const [file, text] of wanted) {
  let current = '';
  try {
    current = readFileSync(`${root}${file}`, 'utf8');
  } catch {
    // missing: written below, or stale under --check
  }
  if (current === text) continue;
  stale += 1;
  if (check) console.error(`${file} is out of date with the code: run npm run docs`);
  else {
    writeFileSync(`${root}${file}`, text);
    console.log(`wrote ${file}`);
  }
}
if (check && stale > 0) process.exit(1);
