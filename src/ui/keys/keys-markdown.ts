/**
 * The key tables of README.md and docs/keys.md, written from the same sections as the help overlay
 * (`helpSections`), so the documents cannot name a key the app does not bind. `npm run docs`
 * (scripts/docs.mjs) writes them; a test fails when they are out of date.
 */
import { helpSections, type HelpSection } from './help.js';

/** A Markdown table cell: pipes escaped, keys in backticks. */
const keysCell = (label: string): string =>
  label
    .split(' / ')
    .map((k) => `\`${k.replace(/\|/g, '\\|')}\``)
    .join(' / ');

function sectionMarkdown(section: HelpSection, heading: string): string {
  const rows = section.rows.map((r) => `| ${keysCell(r.label)} | ${r.description.replace(/\|/g, '\\|')} |`);
  const notes = section.notes.map((n) => `\n${n}`).join('\n');
  return [`${heading} ${section.title}`, '', '| Key | Action |', '|---|---|', ...rows].join('\n') + (notes ? `\n${notes}` : '');
}

/** docs/keys.md, whole: every section of the help overlay. */
export function keysDocument(): string {
  const intro = [
    '# Keys',
    '',
    'Every key of the app, screen by screen, as the help overlay (`?`) shows them. Written by',
    "`npm run docs:keys` from the app's key table, src/ui/keys/bindings.ts; do not edit by hand.",
  ].join('\n');
  return `${intro}\n\n${helpSections()
    .map((s) => sectionMarkdown(s, '##'))
    .join('\n\n')}\n`;
}

/** The keys a user needs first, those of the lists, as one compact table of two keys a row, for the README. */
export function readmeKeysMarkdown(): string {
  const sections = helpSections();
  // The first section holds the keys shared by every browsing screen; then the lists' own.
  const rows = [sections[0], sections.find((s) => s.context === 'list')].flatMap((s) => s?.rows ?? []);
  const cells = rows.map((r) => `${keysCell(r.label)} | ${r.description.replace(/\|/g, '\\|')}`);
  const lines = ['| Key | Action | Key | Action |', '|---|---|---|---|'];
  const half = Math.ceil(cells.length / 2);
  for (let i = 0; i < half; i++) lines.push(`| ${cells[i]} | ${cells[i + half] ?? ' | '} |`);
  return lines.join('\n');
}
