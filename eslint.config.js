// Lint rules that guard the architecture: the engine under source/ never loads the UI, and every import goes down
// the house's floors (__tests__/architecture/rooms.json, drawn in docs/architecture.md).
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';

const root = dirname(fileURLToPath(import.meta.url));
const house = JSON.parse(readFileSync(new URL('./__tests__/architecture/rooms.json', import.meta.url), 'utf8'));

/** The room a repository path belongs to: the longest room that holds it, or undefined outside the house. */
function roomOf(path) {
  let best;
  for (const room of house.rooms) if ((path === room || path.startsWith(`${room}/`)) && (!best || room.length > best.length)) best = room;
  return best;
}

/** A room imports only rooms below it, protocol and util from anywhere; the wiring room imports every room. */
const layering = {
  meta: {
    type: 'problem',
    messages: {
      up: '{{from}} may not import {{to}}: rooms import only the rooms below them (see docs/architecture.md).',
      outside: '{{file}} is in no room of the house; add its folder to __tests__/architecture/rooms.json.',
    },
    schema: [],
  },
  create(context) {
    const file = relative(root, context.filename);
    const from = roomOf(file);
    if (!from) return { Program: (node) => context.report({ node, messageId: 'outside', data: { file } }) };
    if (house.wiring.includes(from)) return {};
    const check = (node, spec) => {
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const to = roomOf(relative(root, resolve(dirname(context.filename), spec)));
      if (!to || to === from || house.everywhere.includes(to)) return;
      if (house.rooms.indexOf(to) < house.rooms.indexOf(from)) context.report({ node, messageId: 'up', data: { from, to } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

const uiImports = {
  patterns: [
    { group: ['react', 'react/*', 'ink', 'ink-*', 'ink/*'], message: 'source/ is the engine: it must not import React or Ink (see DESIGN.md).' },
    { group: ['**/components/*', '**/components', '**/hooks/*', '**/hooks'], message: 'source/ must not import components/ or hooks/ (see DESIGN.md).' },
  ],
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**'] },
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { '@typescript-eslint': tseslint.plugin },
    languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
  },
  // The code itself is held to typescript-eslint's type-checked rules (floating and misused promises, unsafe any,
  // unbound methods, unused values).
  ...tseslint.configs.recommendedTypeChecked.map((config) => ({ ...config, files: ['source/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}', 'hooks/**/*.{ts,tsx}'] })),
  {
    files: ['source/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}', 'hooks/**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: root } },
  },
  {
    files: ['source/**/*.ts', 'source/**/*.tsx', 'components/**/*.ts', 'components/**/*.tsx', 'hooks/**/*.ts', 'hooks/**/*.tsx'],
    plugins: { house: { rules: { layering } } },
    // A file that passes 300 lines holds more than one job: split it along its seams.
    rules: { 'house/layering': 'error', 'max-lines': ['error', { max: 300 }] },
  },
  {
    files: ['source/**/*.ts', 'source/**/*.tsx'],
    ignores: ['source/cli/main.ts'],
    languageOptions: { parser: tseslint.parser },
    rules: { 'no-restricted-imports': ['error', uiImports] },
  },
);
