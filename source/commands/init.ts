// /init: the model explores the repository and writes an AGENTS.md; the file is always shown as a diff for approval.
import { parseRule, type PermissionRule } from '../permissions/rules.js';
import type { SlashCommand } from './slashCommand.js';

export const initPrompt = `Explore this repository and write an AGENTS.md at its root for agents (and people) who work in it. Read the build files, the README, the test setup and a few source files first. Keep it short and concrete:

- Build, test, lint and type-check commands, including how to run a single test.
- The layout: the main folders and what lives in each.
- Code style and conventions the code follows (language level, formatting, naming, error handling, test style).
- Anything surprising a newcomer must know.

If an AGENTS.md (or CLAUDE.md) exists already, improve it rather than starting over, and keep what is still true. Write the file with write_file (or edit_file for an existing one), then say in one or two sentences what you wrote.`;

export const initCommand: SlashCommand = {
  name: 'init',
  description: 'explore the repository and write an AGENTS.md (shown as a diff for approval)',
  run(ctx) {
    const { cwd } = ctx.getState().session;
    // Asked for in every mode, even auto-edit and yolo: the user sees the diff before the file is written.
    const ask = ['Write', 'Edit'].map((tool) => parseRule(`${tool}(/AGENTS.md)`, 'ask', '/init', { workspace: cwd }));
    const rules = ask.filter((r): r is PermissionRule => typeof r !== 'string');
    ctx.prompt('/init', { display: '/init', allowedTools: rules, expand: () => Promise.resolve({ ok: true, text: initPrompt }) });
  },
};
