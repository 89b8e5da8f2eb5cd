// Two duplicate-code checks the plugins miss, used by eslint.config.js as the `local` plugin.

const tokenText = (sourceCode, nodes) =>
  nodes.flatMap((node) => sourceCode.getTokens(node).map((t) => t.value)).join(' ');

const isFunction = (node) =>
  node?.type === 'ArrowFunctionExpression' || node?.type === 'FunctionExpression';

/** Module-level functions of any length (sonarjs/no-identical-functions skips one- and two-liners). */
const noIdenticalModuleFunctions = {
  meta: {
    type: 'problem',
    docs: { description: 'Two module-level functions with the same parameters and body' },
    schema: [],
    messages: { same: '{{name}} is identical to {{original}} (line {{line}}): keep one.' },
  },
  create(context) {
    const seen = new Map();
    const visit = (name, fn, reportAt) => {
      const text = tokenText(context.sourceCode, [...fn.params, fn.body]);
      const original = seen.get(text);
      if (original) {
        context.report({
          node: reportAt,
          messageId: 'same',
          data: { name, original: original.name, line: String(original.line) },
        });
      } else {
        seen.set(text, { name, line: reportAt.loc.start.line });
      }
    };
    const topLevel = (node) =>
      node.parent.type === 'Program' ||
      (node.parent.type.startsWith('Export') && node.parent.parent.type === 'Program');
    return {
      FunctionDeclaration(node) {
        if (node.id && topLevel(node)) visit(node.id.name, node, node.id);
      },
      VariableDeclaration(node) {
        if (!topLevel(node)) return;
        for (const d of node.declarations) {
          if (d.id.type === 'Identifier' && isFunction(d.init)) visit(d.id.name, d.init, d.id);
        }
      },
    };
  },
};

const JUMPS = new Set(['ReturnStatement', 'ThrowStatement', 'ContinueStatement', 'BreakStatement']);

/**
 * `if (c) { X; return } X; return`: the branch does exactly what the code after it does, which is
 * `if (c) X else X` written with an early exit (sonarjs/no-all-duplicated-branches needs an else).
 */
const noBranchSameAsFallthrough = {
  meta: {
    type: 'problem',
    docs: { description: 'An if without else whose body repeats the code that follows it' },
    schema: [],
    messages: { same: 'This branch does the same as the code after the if: the condition changes nothing.' },
  },
  create(context) {
    return {
      IfStatement(node) {
        if (node.alternate) return;
        const body = node.consequent.type === 'BlockStatement' ? node.consequent.body : [node.consequent];
        const last = body.at(-1);
        if (!last || !JUMPS.has(last.type)) return;
        const siblings = node.parent.type === 'BlockStatement' || node.parent.type === 'Program'
          ? node.parent.body
          : [];
        const rest = siblings.slice(siblings.indexOf(node) + 1);
        if (rest.length !== body.length) return;
        if (tokenText(context.sourceCode, rest) === tokenText(context.sourceCode, body)) {
          context.report({ node, messageId: 'same' });
        }
      },
    };
  },
};

export default {
  rules: {
    'no-identical-module-functions': noIdenticalModuleFunctions,
    'no-branch-same-as-fallthrough': noBranchSameAsFallthrough,
  },
};
