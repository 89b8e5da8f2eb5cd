// The generated parts of README.md: what stands between `<!-- NAME:begin … -->` and `<!-- NAME:end -->`.

/**
 * `text` with what stands between the markers of section `name` replaced by `body`.
 * @param {string} text @param {string} name @param {string} body
 * @returns {string}
 */
export function withSection(text, name, body) {
  const begin = new RegExp(`<!-- ${name}:begin[^\\n]*-->\\n`).exec(text);
  const end = text.indexOf(`<!-- ${name}:end -->`);
  if (!begin || end < begin.index) throw new Error(`README.md has no ${name}:begin … ${name}:end markers`);
  return `${text.slice(0, begin.index + begin[0].length)}${body}\n${text.slice(end)}`;
}
