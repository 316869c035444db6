// Builds sessions on the scripted provider in a temp workspace, and checks every request the engine sends.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assembleSession, type AssembledSession as EngineSession, type SessionSetup as SessionOptions } from '../../source/cli/assembleSession.js';
import type { AgentEvent, ApprovalDecision } from '../../source/protocol/events.js';
import { validateHistory } from '../../source/engine/history.js';
import { createScriptedProvider, type ScriptedProvider, type ScriptedTurn } from '../../source/providers/scripted.js';
import type { ProviderRequest } from '../../source/providers/types.js';
import { builtinTools } from '../../source/tools/builtins.js';
import { runEvents } from './runEvents.js';

export interface Harness {
  session: EngineSession;
  provider: ScriptedProvider;
  workspace: string;
  home: string;
  /** Problems the history validator found in any request sent so far. */
  invalidRequests: string[];
  cleanup(): Promise<void>;
}

export function makeHarness(
  script: ScriptedTurn[] | ((request: ProviderRequest, index: number) => ScriptedTurn),
  overrides: Partial<SessionOptions> = {},
): Harness {
  const workspace = mkdtempSync(join(tmpdir(), 'rein-ws-'));
  const home = mkdtempSync(join(tmpdir(), 'rein-home-'));
  const provider = createScriptedProvider(script);
  const invalidRequests: string[] = [];
  const checked: ScriptedProvider = {
    name: provider.name,
    requests: provider.requests,
    stream(request, signal) {
      const problem = validateHistory(request.messages);
      if (problem) invalidRequests.push(problem);
      return provider.stream(request, signal);
    },
  };
  const session = assembleSession({
    provider: checked,
    providerName: 'scripted',
    model: 'test-model',
    tools: builtinTools,
    cwd: workspace,
    workspace,
    mode: 'yolo',
    interactive: true,
    maxTokens: 1000,
    maxTurns: 50,
    sessionsDir: join(home, 'sessions'),
    ...overrides,
  });
  return {
    session,
    provider: checked,
    workspace,
    home,
    invalidRequests,
    async cleanup() {
      await session.close();
      rmSync(workspace, { recursive: true, force: true });
      rmSync(home, { recursive: true, force: true });
    },
  };
}

/** Runs one prompt to the end, answering approval requests with `decide`. */
export async function runPrompt(
  session: EngineSession,
  text: string,
  decide?: (event: Extract<AgentEvent, { type: 'approval_request' }>) => ApprovalDecision | undefined,
  onEvent?: (event: AgentEvent) => void,
): Promise<AgentEvent[]> {
  return runEvents(session, text, undefined, (event) => {
    onEvent?.(event);
    if (event.type === 'approval_request' && decide) {
      const decision = decide(event);
      if (decision) session.runs.respond(event.approvalId, decision);
    }
  });
}

export const types = (events: AgentEvent[]) => events.map((e) => e.type);
/** The run's own run_end (a subagent's carry its agentId). */
export const runEnd = (events: AgentEvent[]) => events.find((e) => e.type === 'run_end' && e.agentId === undefined) as Extract<AgentEvent, { type: 'run_end' }>;

/** The text of every tool result in a request's newest user message, in order. */
export function lastToolResults(request: ProviderRequest): string[] {
  const last = request.messages[request.messages.length - 1];
  return last.content.filter((b) => b.type === 'tool_result').map((b) => (b as { content: string }).content);
}

export function userTexts(request: ProviderRequest): string[] {
  return request.messages.flatMap((m) => (m.role === 'user' ? m.content.filter((b) => b.type === 'text').map((b) => (b as { text: string }).text) : []));
}
