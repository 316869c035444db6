// One trust question for what a project brings: its MCP servers and its hooks, each answered by its own source.
import { describe, expect, it } from 'vitest';
import { trustTitle } from '../../components/TrustDialog.js';
import { createMcpActions } from '../../source/store/mcpActions.js';
import { initialState, type AppState } from '../../source/store/state.js';
import { trustRequestOf } from '../../source/store/trust.js';
import type { HookControl, HookTrustRequest } from '../../source/extensions/hookTypes.js';
import { FakeSession } from '../support/fakeSession.js';

const hookRequest: HookTrustRequest = {
  projectDir: '/repo',
  hooks: [
    { name: 'PreToolUse Bash', event: 'PreToolUse', matcher: 'Bash', file: '/repo/.claude/settings.json', command: './guard.sh' },
    { name: 'Stop', event: 'Stop', matcher: '', file: '/repo/.claude/settings.local.json', command: 'notify-send done' },
  ],
};

describe('the trust question with hooks', () => {
  it('lists servers and hooks in one request and names both kinds in the title', () => {
    const request = trustRequestOf({
      mcp: { projectDir: '/repo', servers: [{ name: 'github', file: '/repo/.mcp.json', definition: 'github-mcp' }] },
      hooks: hookRequest,
    });
    expect(request?.items.map((i) => [i.kind, i.name, i.definition])).toEqual([
      ['mcp', 'github', 'github-mcp'], ['hook', 'PreToolUse Bash', './guard.sh'], ['hook', 'Stop', 'notify-send done'],
    ]);
    expect(request && trustTitle(request)).toBe("Trust this project's MCP server and hooks?");
    expect(trustRequestOf({ hooks: hookRequest })?.projectDir).toBe('/repo');
    expect(trustRequestOf({})).toBeUndefined();
  });

  it('the answer reaches the hooks, and the question goes away once nothing waits', () => {
    let pending: HookTrustRequest | undefined = hookRequest;
    const answers: string[] = [];
    const hooks: HookControl = { pendingTrust: () => pending, trust: (d) => { answers.push(d); pending = undefined; } };
    let state: AppState = initialState(new FakeSession().info);
    const actions = createMcpActions(undefined, (change) => { state = change(state); }, hooks);
    state = actions.withTrust(state);
    expect(state.trust?.items.map((i) => i.kind)).toEqual(['hook', 'hook']);
    actions.answerTrust('trust');
    expect(answers).toEqual(['trust']);
    expect(state.trust).toBeUndefined();
    expect(state.transcript.at(-1)).toMatchObject({ kind: 'notice', text: "This project's hooks run from now on (PreToolUse Bash, Stop)." });
  });
});
