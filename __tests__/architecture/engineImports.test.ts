// The lint rule that keeps the engine free of the UI: source/ may not import React, Ink, components/ or hooks/.
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

// The import rules need no types; the type-checked rules cannot read a file that is not on disk.
const eslint = new ESLint({ cwd: process.cwd(), overrideConfig: [tseslint.configs.disableTypeChecked] });

async function lint(code: string, filePath: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.map((m) => m.message);
}

describe('engine import rule', () => {
  it.each([
    ["import React from 'react';", /must not import React or Ink/],
    ["import { Box } from 'ink';", /must not import React or Ink/],
    ["import Spinner from 'ink-spinner';", /must not import React or Ink/],
    ["import { App } from '../../components/App.js';", /must not import components\/ or hooks\//],
    ["import { useStore } from '../hooks/useStore.js';", /must not import components\/ or hooks\//],
  ])('rejects %s under source/', async (code, message) => {
    const messages = await lint(code, 'source/engine/example.ts');
    expect(messages.some((m) => message.test(m))).toBe(true);
  });

  it('allows engine imports under source/ and UI imports outside it', async () => {
    expect(await lint("import { execa } from 'execa';\nexport const x = execa;", 'source/engine/example.ts')).toEqual([]);
    expect(await lint("import React from 'react';\nexport const x = React;", 'components/Example.tsx')).toEqual([]);
  });

  it('passes on the whole tree', async () => {
    const results = await eslint.lintFiles(['source']);
    // This rule only: the others are `npm run lint`'s business, with the type information this lint goes without.
    const errors = results.flatMap((r) => r.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => `${r.filePath}: ${m.message}`));
    expect(errors).toEqual([]);
  });
});
