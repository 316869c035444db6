// Lint rules that guard the architecture: the engine under source/ never loads the UI.
import tseslint from 'typescript-eslint';

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
    // The plugin is registered (no rules on) so a reasoned eslint-disable for a type-checked rule is understood;
    // those rules run only in the type-checked pass, so here such a directive is not reported as unused.
    plugins: { '@typescript-eslint': tseslint.plugin },
    linterOptions: { reportUnusedDisableDirectives: 'off' },
    languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
  },
  {
    files: ['source/**/*.ts', 'source/**/*.tsx'],
    ignores: ['source/cli/main.ts'],
    languageOptions: { parser: tseslint.parser },
    rules: { 'no-restricted-imports': ['error', uiImports] },
  },
);
