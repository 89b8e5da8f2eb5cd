/** The two duplicate-code rules of scripts/lint-rules.mjs, on the shapes they exist for. */
import { RuleTester, type Rule } from 'eslint';
import { describe, it } from 'vitest';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const rulesPath: string = new URL('../../scripts/lint-rules.mjs', import.meta.url).href;
const { default: local } = (await import(rulesPath)) as { default: { rules: Record<string, Rule.RuleModule> } };
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });

tester.run('no-branch-same-as-fallthrough', local.rules['no-branch-same-as-fallthrough']!, {
  valid: [
    'function f(a) { if (a) { g(1); return 1; } g(2); return 2; }',
    'function f(a) { if (a) { g(); return 1; } else { h(); } g(); return 1; }',
    'function f(a) { if (a) g(); g(); }',
  ],
  invalid: [
    {
      code: "function f(next) { if (next === undefined) { ids.push('esc'); return 1; } ids.push('esc'); return 1; }",
      errors: [{ messageId: 'same' }],
    },
    { code: 'function f(a) { for (;;) { if (a) continue; continue; } }', errors: [{ messageId: 'same' }] },
  ],
});

tester.run('no-identical-module-functions', local.rules['no-identical-module-functions']!, {
  valid: [
    'export const listRows = (rows) => Math.max(1, rows - 5);\nexport const detailRows = (rows) => Math.max(1, rows - 6);',
    // Same body, different parameter names: not flagged (the tokens differ).
    'const a = (x) => x + 1;\nconst b = (y) => y + 1;',
    // Nested functions are not module-level.
    'function f() { const a = () => 1; return a; }\nfunction g() { const a = () => 1; return a() + 1; }',
  ],
  invalid: [
    {
      code: 'export const listRows = (rows) => Math.max(1, rows - 5);\nexport const detailRows = (rows) => Math.max(1, rows - 5);',
      errors: [{ messageId: 'same' }],
    },
    { code: 'function a(x) { return x * 2; }\nexport function b(x) { return x * 2; }', errors: [{ messageId: 'same' }] },
  ],
});
