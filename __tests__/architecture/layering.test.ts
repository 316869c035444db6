// The lint rule that keeps the house standing: each room imports only the rooms below it (rooms.json).
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

// The import rules need no types; the type-checked rules cannot read a file that is not on disk.
const eslint = new ESLint({ cwd: process.cwd(), overrideConfig: [tseslint.configs.disableTypeChecked] });

async function lint(code: string, filePath: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === 'house/layering').map((m) => m.message);
}

describe('the layering rule', () => {
  it.each([
    ['source/util/example.ts', "import type { LoopOptions } from '../engine/loopOptions.js';", 'source/util may not import source/engine'],
    ['source/engine/example.ts', "import type { AppState } from '../store/state.js';", 'source/engine may not import source/store'],
    ['source/engine/session/example.ts', "export { x } from '../../agents/taskTool.js';", 'source/engine may not import source/agents'],
    ['source/sessionLog/example.ts', "const m = await import('../engine/history.js');", 'source/sessionLog may not import source/engine'],
    ['components/view/example.ts', "import { x } from '../../hooks/slashMenu.js';", 'components/view may not import hooks'],
  ])('rejects an upward import in %s', async (file, code, message) => {
    expect(await lint(code, file)).toEqual([expect.stringContaining(message)]);
  });

  it('lets rooms import downwards, protocol and util from anywhere, and the wiring room reach every room', async () => {
    expect(await lint("import { x } from '../providers/types.js';", 'source/engine/example.ts')).toEqual([]);
    expect(await lint("import { x } from '../protocol/events.js';\nimport { y } from '../util/errors.js';", 'source/providers/example.ts')).toEqual([]);
    expect(await lint("import { x } from '../../components/tui.js';\nimport { y } from '../store/state.js';", 'source/cli/example.ts')).toEqual([]);
  });

  it('names a folder that is in no room', async () => {
    expect(await lint('export const x = 1;', 'source/attic/example.ts')).toEqual([expect.stringContaining('is in no room of the house')]);
  });
});
