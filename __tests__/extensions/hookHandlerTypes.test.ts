// The handler types beside command: http (a local HTTP server), prompt and agent (the scripted provider answers as
// the model), mcp_tool (a real MCP server), each deciding as Claude Code's documentation and 2.1.197 say.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../source/protocol/events.js';
import { setupHooks } from '../../source/extensions/hookSetup.js';
import { promptHookSystem } from '../../source/extensions/hookHandlers.js';
import { startMcpServers } from '../../source/mcp/start.js';
import type { ProviderRequest } from '../../source/providers/types.js';
import { lastToolResults, makeHarness, runEnd, runPrompt, userTexts, type Harness } from '../support/engineHarness.js';
import { faultServer } from '../support/mcpServers.js';
import { hookDir, makeHooks, type HookDir } from './hookHelpers.js';

let h: Harness | undefined;
let d: HookDir;
let server: http.Server | undefined;
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await h?.cleanup();
  h = undefined;
  d?.cleanup();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
  for (const close of closers.splice(0)) await close();
  delete process.env.REIN_TEST_HOOK_TOKEN;
  delete process.env.REIN_TEST_OTHER;
});

const allText = (request: ProviderRequest) => userTexts(request).join('\n');
const hookEvents = (events: AgentEvent[]) => events.filter((e): e is Extract<AgentEvent, { type: 'hook' }> => e.type === 'hook');

/** A local HTTP endpoint: records each request, answers with `reply`. */
async function endpoint(reply: (body: Record<string, unknown>) => { status: number; body: string }) {
  const seen: { headers: http.IncomingHttpHeaders; body: Record<string, unknown> }[] = [];
  server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => {
      const body = JSON.parse(text) as Record<string, unknown>;
      seen.push({ headers: req.headers, body });
      const answer = reply(body);
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, seen };
}

describe('http hooks', () => {
  it('POST the input as JSON; a 2xx JSON answer decides (deny); headers take only the allowed variables', async () => {
    d = hookDir();
    process.env.REIN_TEST_HOOK_TOKEN = 'secret-123';
    process.env.REIN_TEST_OTHER = 'must-not-leak';
    const api = await endpoint(() => ({ status: 200, body: JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'blocked by the policy server' } }) }));
    const { hooks } = makeHooks(d, { PreToolUse: [{ matcher: 'Bash', hooks: [{
      type: 'http', url: api.url, headers: { Authorization: 'Bearer $REIN_TEST_HOOK_TOKEN', 'X-Other': '${REIN_TEST_OTHER}' }, allowedEnvVars: ['REIN_TEST_HOOK_TOKEN'],
    }] }] });
    h = makeHarness([{ toolCalls: [{ id: 'c1', name: 'bash', input: { command: 'echo hi' } }] }, { text: 'done' }], { hooks });
    await runPrompt(h.session, 'go');
    expect(lastToolResults(h.provider.requests[1])).toEqual(['A PreToolUse hook refused this bash call: blocked by the policy server']);
    expect(api.seen[0].body).toMatchObject({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'echo hi' }, tool_use_id: 'c1' });
    expect(api.seen[0].headers.authorization).toBe('Bearer secret-123');
    expect(api.seen[0].headers['x-other']).toBe('');
    expect(api.seen[0].headers['content-type']).toBe('application/json');
  });

  it('a non-2xx answer or a plain-text body is a failure the user sees; the call goes on', async () => {
    d = hookDir();
    const api = await endpoint((body) => (body.hook_event_name === 'PreToolUse' ? { status: 503, body: '{}' } : { status: 200, body: 'not json' }));
    const { hooks } = makeHooks(d, {
      PreToolUse: [{ hooks: [{ type: 'http', url: api.url }] }],
      PostToolUse: [{ hooks: [{ type: 'http', url: api.url }] }],
    });
    h = makeHarness([{ toolCalls: [{ name: 'bash', input: { command: 'echo ran' } }] }, { text: 'done' }], { hooks });
    const events = await runPrompt(h.session, 'go');
    expect(lastToolResults(h.provider.requests[1])[0]).toContain('ran');
    expect(hookEvents(events).map((e) => [e.event, e.outcome, e.message])).toEqual([
      ['PreToolUse', 'failed', 'answered HTTP 503'],
      ['PostToolUse', 'failed', 'answered with a body that is not a JSON object'],
    ]);
  });

  it('allowedHttpHookUrls in the settings stops a hook whose URL it does not list', async () => {
    d = hookDir();
    const api = await endpoint(() => ({ status: 200, body: '' }));
    const { hooks } = setupHooks({
      layers: [{ file: join(d.dir, 'agent.config.json'), scope: 'user', hooks: { UserPromptSubmit: [{ hooks: [{ type: 'http', url: api.url }] }] } }],
      settings: [{ file: join(d.dir, 'settings.json'), scope: 'user', settings: { allowedHttpHookUrls: ['https://hooks.example.com/*'] } }],
      projectDir: d.dir, cwd: d.dir, reinHome: d.dir, sessionId: 's', transcriptPath: join(d.dir, 'log.jsonl'), projectTrusted: false,
    });
    h = makeHarness([{ text: 'done' }], { hooks });
    const events = await runPrompt(h.session, 'go');
    expect(api.seen).toEqual([]);
    expect(hookEvents(events)[0].message).toContain('matches no pattern in allowedHttpHookUrls');
  });
});

describe('prompt hooks', () => {
  it('ask the model with the input in place of $ARGUMENTS; ok:false on PreToolUse refuses the call with the reason', async () => {
    d = hookDir();
    const { hooks } = makeHooks(d, { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'prompt', prompt: 'Is this command safe? $ARGUMENTS' }] }] });
    h = makeHarness((request) => {
      if (request.system === promptHookSystem) return { text: '{"ok": false, "reason": "it deletes the build"}' };
      return request.messages.length === 1 ? { toolCalls: [{ name: 'bash', input: { command: 'rm -rf build' } }] } : { text: 'done' };
    }, { hooks });
    await runPrompt(h.session, 'clean');
    const asked = h.provider.requests.find((r) => r.system === promptHookSystem);
    expect(asked?.tools).toEqual([]);
    expect(asked && allText(asked)).toMatch(/^Is this command safe\? \{"session_id":.*"tool_name":"Bash","tool_input":\{"command":"rm -rf build"\}/);
    const results = h.provider.requests.filter((r) => r.system !== promptHookSystem).map(lastToolResults).flat();
    expect(results).toContain('A PreToolUse hook refused this bash call: it deletes the build');
  });

  it('on Stop, ok:false sends the model back with the reason; "impossible" lets it stop', async () => {
    d = hookDir();
    const { hooks } = makeHooks(d, { Stop: [{ hooks: [{ type: 'prompt', prompt: 'Are all tasks done?' }] }] });
    let asks = 0;
    h = makeHarness((request) => {
      if (request.system === promptHookSystem) {
        asks += 1;
        return { text: asks === 1 ? 'Sure: {"ok": false, "reason": "the changelog is not updated"}' : '{"ok": false, "reason": "cannot be done", "impossible": true}' };
      }
      return { text: `answer ${h?.provider.requests.length}` };
    }, { hooks });
    const events = await runPrompt(h.session, 'go');
    expect(runEnd(events).reason).toBe('done');
    const main = h.provider.requests.filter((r) => r.system !== promptHookSystem);
    expect(main).toHaveLength(2);
    expect(allText(main[1])).toContain('the changelog is not updated');
  });
});

describe('agent hooks', () => {
  it('run a read-only verifier (read_file, grep, glob) whose {ok, reason} decides', async () => {
    d = hookDir();
    const { hooks } = makeHooks(d, { Stop: [{ hooks: [{ type: 'agent', prompt: 'Check that TODO.md is empty. $ARGUMENTS' }] }] });
    let verified = 0;
    h = makeHarness((request) => {
      if (request.system.startsWith('You are evaluating a hook condition')) {
        verified += 1;
        return verified === 1 ? { text: '{"ok": false, "reason": "TODO.md still lists two items"}' } : { text: '{"ok": true}' };
      }
      return { text: 'done' };
    }, { hooks });
    await runPrompt(h.session, 'go');
    const verifier = h.provider.requests.find((r) => r.system.startsWith('You are evaluating a hook condition'));
    expect(verifier?.tools.map((t) => t.name).sort()).toEqual(['glob', 'grep', 'read_file']);
    const main = h.provider.requests.filter((r) => !r.system.startsWith('You are evaluating'));
    expect(allText(main[1])).toContain('TODO.md still lists two items');
  });
});

describe('mcp_tool hooks', () => {
  it('call a tool of a configured server with ${…} filled from the input; its text is read like a command\'s stdout', async () => {
    d = hookDir();
    const spec = faultServer('normal') as { command: string; args: string[] };
    const manager = startMcpServers({
      cwd: d.dir, workspace: d.dir, env: process.env, reinHome: d.dir, sessionDir: join(d.dir, 'session'),
      layers: [{ file: join(d.dir, 'agent.config.json'), scope: 'user', servers: { fault: { command: spec.command, args: spec.args } } }],
      projectTrusted: false, interactive: false, timeouts: { startupTimeoutMs: 30_000, toolTimeoutMs: 30_000 }, clientVersion: 'test', reservedNames: new Set(),
    });
    if (!manager) throw new Error('no MCP manager');
    closers.push(() => manager.close());
    const { hooks } = makeHooks(d, { UserPromptSubmit: [{ hooks: [{ type: 'mcp_tool', server: 'fault', tool: 'echo', input: { message: 'prompt was ${prompt}' } }] }] });
    h = makeHarness([{ text: 'done' }], { hooks, mcp: manager });
    await runPrompt(h.session, 'ship it');
    expect(allText(h.provider.requests[0])).toContain('echo: prompt was ship it');
  });

  it('a server that is not configured is a failure the user sees', async () => {
    d = hookDir();
    const { hooks } = makeHooks(d, { UserPromptSubmit: [{ hooks: [{ type: 'mcp_tool', server: 'nowhere', tool: 'echo' }] }] });
    h = makeHarness([{ text: 'done' }], { hooks });
    const events = await runPrompt(h.session, 'go');
    expect(runEnd(events).reason).toBe('done');
    expect(hookEvents(events)[0]).toMatchObject({ event: 'UserPromptSubmit', outcome: 'failed', message: expect.stringContaining('no MCP servers are configured') });
  });
});
