// Ordinary use is no noisier: everyday commands and edits inside the workspace keep their decisions in every mode.
import { describe, expect, it } from 'vitest';
import type { AnyTool } from '../../source/tools/types.js';
import { editFileTool } from '../../source/tools/editFile.js';
import { attack, attackTable, asksButYolo, type Expected, modes, policyFor, runs, useFixture } from './bashFixture.js';

const fx = useFixture();
const readOnly: Expected = { ask: 'ask', 'auto-edit': 'ask', plan: 'allow', yolo: 'allow' };
const rules = { allow: ['Bash(npm test:*)', 'Bash(npm run build:*)', 'Bash(git status:*)', 'Bash(git diff:*)', 'Bash(ls:*)', 'Bash(cat:*)', 'Bash(git add:*)', 'Bash(mkdir:*)', 'Bash(node:*)'] };

attackTable('everyday commands without rules', fx, [
  attack('npm test', asksButYolo),
  attack('git status', readOnly),
  attack('ls', readOnly),
  attack('cat src/x.ts', readOnly),
  attack('git diff', readOnly),
  attack('git log --oneline -3', readOnly),
  attack('npm run build', asksButYolo),
  attack('npm install', asksButYolo),
  attack('touch src/new.ts', asksButYolo),
  attack('cp src/x.ts src/y.ts', asksButYolo),
  attack('git commit -m "fix: x"', asksButYolo),
  attack('python3 -m pytest -q', asksButYolo),
  attack('cd src && ls', readOnly),
  attack('npx tsc --noEmit', asksButYolo),
  attack('echo hi > out.txt', asksButYolo),
  attack('$EDITOR a.txt', asksButYolo),
  attack('git commit; $EDITOR a.txt', asksButYolo),
]);

attackTable('everyday commands with the rules users write', fx, [
  attack('npm test', runs, rules),
  attack('npm test -- --watch=false', runs, rules),
  attack('npm run build', runs, rules),
  attack('git status', runs, rules),
  attack('git diff src/x.ts', runs, rules),
  attack('ls -la src', runs, rules),
  attack('cat src/x.ts', runs, rules),
  attack('git add -A', runs, rules),
  attack('mkdir -p dist', runs, rules),
  attack('node script.js', runs, rules),
  attack('npm test 2>&1 | tail -5', asksButYolo, rules),
]);

describe('file edits inside the workspace', () => {
  const edit: AnyTool = editFileTool;
  const expected: Expected = { ask: 'ask', 'auto-edit': 'allow', plan: 'deny', yolo: 'allow' };
  it.each(['src/x.ts', 'docs/guide.md', 'a.txt'])('%s keeps its decisions', async (path) => {
    const policy = policyFor(fx);
    const got: Partial<Expected> = {};
    for (const mode of modes) got[mode] = (await policy.judge(edit, { path, old_string: 'a', new_string: 'b' }, mode, fx.ws)).kind;
    expect(got).toEqual(expected);
  });
});
