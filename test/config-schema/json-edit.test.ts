import { describe, expect, it } from 'vitest';
import { setJsonMember } from '../../src/config-schema/json-edit.js';

const VIEW = { screen: 'groups', query: 'a' };

describe('setJsonMember: one member changed, every other byte kept', () => {
  it('replaces an existing value in its own style', () => {
    expect(setJsonMember('{"views":{"x":{"screen":"pages","query":""}},"theme":"dark"}', ['views', 'x'], VIEW)).toBe(
      '{"views":{"x":{ "screen": "groups", "query": "a" }},"theme":"dark"}',
    );
    const spread = '{\n  "views": {\n    "x": {\n      "screen": "pages"\n    }\n  }\n}';
    expect(setJsonMember(spread, ['views', 'x'], VIEW)).toBe('{\n  "views": {\n    "x": {\n      "screen": "groups",\n      "query": "a"\n    }\n  }\n}');
  });

  it('adds to an object on one line, and fills an empty one', () => {
    expect(setJsonMember('{"theme": "dark", "views": {"a": {"screen": "groups", "query": ""}}}', ['views', 'b'], VIEW)).toBe(
      '{"theme": "dark", "views": {"a": {"screen": "groups", "query": ""}, "b": { "screen": "groups", "query": "a" }}}',
    );
    expect(setJsonMember('{}', ['views', 'b'], VIEW)).toBe('{\n  "views": {\n    "b": {\n      "screen": "groups",\n      "query": "a"\n    }\n  }\n}');
    expect(setJsonMember('{\n\t"views": {}\n}\n', ['views', 'b'], VIEW)).toBe('{\n\t"views": {\n\t\t"b": {\n\t\t\t"screen": "groups",\n\t\t\t"query": "a"\n\t\t}\n\t}\n}\n');
  });

  it('edits the last of duplicate keys (the one JSON.parse keeps), and replaces a "views" that is not an object', () => {
    const text = '{"views": {"a": 1}, "views": {"b": {"screen": "pages", "query": ""}}}';
    const edited = setJsonMember(text, ['views', 'c'], VIEW) as string;
    expect(edited.startsWith('{"views": {"a": 1}, ')).toBe(true);
    expect(JSON.parse(edited)).toEqual({ views: { b: { screen: 'pages', query: '' }, c: VIEW } });
    expect(setJsonMember('{"views": null}', ['views', 'c'], VIEW)).toBe('{"views": { "c": { "screen": "groups", "query": "a" } }}');
  });

  it('keeps a byte-order mark and CRLF, escapes odd names, and takes "__proto__" as a plain name', () => {
    expect(setJsonMember('\ufeff{\r\n  "a": 1\r\n}\r\n', ['b'], 2)).toBe('\ufeff{\r\n  "a": 1,\r\n  "b": 2\r\n}\r\n');
    const odd = setJsonMember('{}', ['views', '"q"\u2028\u202e'], VIEW) as string;
    expect(odd).toContain('"\\"q\\"\\u2028\\u202e"');
    const proto = setJsonMember('{"views": {}}', ['views', '__proto__'], VIEW) as string;
    expect(Object.keys((JSON.parse(proto) as { views: object }).views)).toEqual(['__proto__']);
  });

  it('does not overflow on deep nesting elsewhere in the file', () => {
    const deep = `{"x": ${'['.repeat(100_000)}${']'.repeat(100_000)}, "y": 1}`;
    const edited = setJsonMember(deep, ['views', 'v'], VIEW) as string;
    expect(edited.endsWith(', "views": { "v": { "screen": "groups", "query": "a" } }}')).toBe(true);
  });
});
