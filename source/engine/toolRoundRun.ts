// The running state: a call runs (again outside the sandbox if the user lets it), its checkpoint is taken, its result
// shown, and PostToolUse hooks see it; then it is done.
import { newId } from '../protocol/ids.js';
import type { ToolResult, UserAnswer, UserRequest } from '../protocol/tools.js';
import { runToolCall } from '../tools/runner.js';
import { kindOf, type AnyTool, type ToolContext } from '../tools/types.js';
import { decide } from '../permissions/decide.js';
import { looksLikeSandboxDenial } from '../permissions/sandbox.js';
import type { AskFallback } from './askFallback.js';
import { hookEvent, summarizeCall } from './toolRoundTypes.js';
import { askUser as askApproval } from './toolRoundAsk.js';
import type { RoundCall, RoundCalls } from './toolRoundState.js';

export async function runCall(round: RoundCalls, c: RoundCall): Promise<void> {
  const p = round.p;
  const { call, tool } = c;
  c.startedAt = Date.now();
  p.emit({ type: 'tool_start', runId: p.runId, toolCallId: call.id, name: call.name, input: call.input, summary: summarizeCall(tool, call.input, p) });
  const ctx: ToolContext = {
    cwd: p.cwd,
    workspace: p.workspace,
    signal: p.signal,
    state: p.state,
    toolCallId: call.id,
    onProgress: (text) => p.emit({ type: 'tool_progress', runId: p.runId, toolCallId: call.id, text }),
    askUser: (request) => askQuestion(round, call.id, request),
    mode: p.mode,
  };
  if (tool && !tool.readOnly) await p.state.checkpoints?.beforeCall();
  let result = await runToolCall(p.registry, call, ctx);
  if (tool && kindOf(tool) === 'execute' && p.state.sandbox && looksLikeSandboxDenial(result.content)) {
    result = await offerOutsideSandbox(round, c, tool, result, ctx);
  }
  // The checkpoint comes before the result is shown, so the next call never starts before it.
  if (tool && !tool.readOnly) await p.state.checkpoints?.afterCall(call.name, call.id);
  round.finish(c, result);
  if (p.hooks && tool && !p.signal.aborted && !c.runnerAnswers) {
    const after = await p.hooks.loop.postToolUse(call, result, p.signal, Date.now() - c.startedAt);
    for (const note of after.notes) p.emit(hookEvent(p.runId, note));
    const event = result.isError ? 'PostToolUseFailure' : 'PostToolUse';
    if (after.block) p.hooks.state.context.push(`${event} hook feedback on ${call.name}:\n${after.block}`);
    p.hooks.state.context.push(...after.context);
    if (after.stop) p.hooks.state.stop ??= after.stop;
    // updatedToolOutput changes only what the model gets; the screen keeps the tool's own result.
    if (after.replacedOutput !== undefined) c.result = { ...result, content: after.replacedOutput };
  }
}

/** A command the sandbox stopped may run again outside it, asked like any call (never on a rule or a mode alone). */
async function offerOutsideSandbox(round: RoundCalls, c: RoundCall, tool: AnyTool, result: ToolResult, ctx: ToolContext): Promise<ToolResult> {
  const p = round.p;
  const decision = await decide(tool, c.call.input, p.mode, undefined, { policy: p.rules, cwd: p.cwd, interactive: p.interactive, outsideSandbox: true });
  if (decision.kind === 'deny') {
    return { ...result, content: `${result.content}\n[The sandbox stopped this command (read-only file system or no network). ${decision.message}]` };
  }
  const alwaysRules = await p.rules.alwaysRules(tool, c.call.input, p.cwd);
  const answer = await askApproval(round, c.call, tool, alwaysRules, decision.kind === 'ask' ? decision.reason : undefined);
  if (answer.kind === 'aborted') return result;
  if (answer.kind === 'no') return { ...result, content: `${result.content}\n[The sandbox stopped this command; the user declined to run it outside.]` };
  return runToolCall(p.registry, c.call, { ...ctx, outsideSandbox: true });
}

/** A tool's question to the user, answered through the session; nobody can answer a headless run. */
async function askQuestion(round: RoundCalls, toolCallId: string, request: UserRequest): Promise<UserAnswer | 'unavailable' | 'aborted'> {
  const p = round.p;
  if (!p.interactive && p.askFallback) return askFallbackQuestion(round, toolCallId, request, p.askFallback);
  if (!p.interactive || !p.questions) return 'unavailable';
  const questionId = newId('q');
  const waiting = p.questions.wait(questionId, p.signal);
  p.emit({ type: 'question_request', runId: p.runId, questionId, toolCallId, ...request });
  const answer = await waiting;
  if (answer === 'aborted') return answer;
  p.emit({ type: 'question_resolved', runId: p.runId, questionId, toolCallId, answer });
  return answer;
}

/**
 * Headless, a permission prompt tool may answer what a tool asks, as Claude Code's SDK does: allowing
 * AskUserQuestion with `answers` in its updated input answers the questions; allowing ExitPlanMode approves the plan.
 */
async function askFallbackQuestion(round: RoundCalls, toolCallId: string, request: UserRequest, fallback: AskFallback): Promise<UserAnswer | 'unavailable' | 'aborted'> {
  const input = request.kind === 'questions' ? { questions: request.questions } : { plan: request.plan };
  const answer = await fallback({ toolName: request.kind === 'questions' ? 'ask_user' : 'exit_plan_mode', input, toolUseId: toolCallId }, round.p.signal);
  if (round.p.signal.aborted) return 'aborted';
  if (request.kind === 'plan') return answer.behavior === 'allow' ? { kind: 'plan', decision: 'approve-ask' } : { kind: 'plan', decision: 'keep-planning', feedback: answer.message };
  const answers = answer.behavior === 'allow' ? answer.updatedInput?.answers : undefined;
  if (answers === null || typeof answers !== 'object' || Array.isArray(answers)) return 'unavailable';
  return { kind: 'answers', answers: Object.fromEntries(Object.entries(answers).map(([q, a]) => [q, String(a)])) };
}
