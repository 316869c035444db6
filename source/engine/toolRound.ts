// Runs the tool calls of one assistant message: asks in call order, runs read-only calls side by side and
// mutating calls one at a time, and returns exactly one result per call, in call order.
import path from 'node:path';
import { isInside } from '../tools/paths.js';
import type { ToolResultBlock, ToolUseBlock } from '../protocol/messages.js';
import { runToolCall, validateToolInput, type ToolRegistry } from '../tools/runner.js';
import type { AnyTool, ToolContext, ToolSessionState } from '../tools/types.js';
import type { ToolResult, UserAnswer, UserRequest } from '../protocol/tools.js';
import { declinedMessage, headlessDeniedMessage, type ApprovalBroker, type QuestionBroker } from './approvals.js';
import type { AgentEvent, PermissionMode } from '../protocol/events.js';
import { newId } from '../protocol/ids.js';
import type { PermissionPolicy } from '../permissions/policy.js';
import { alwaysRuleKind } from '../permissions/bashRules.js';
import { looksLikeSandboxDenial } from '../permissions/sandbox.js';
import type { HookNote, LoopHooks } from '../extensions/hookTypes.js';
import type { AskFallback } from './askFallback.js';
import { permissionHook } from './permissionHook.js';

/** What the round's hooks said that outlives one call: context for the model, a hook's stop, an interrupt. */
export interface RoundHookState {
  context: string[];
  stop?: string;
  /** A call that ends the run (a plan shown in a headless run): its text is the run's answer. */
  endRun?: string;
  /** A PermissionRequest hook denied with `interrupt: true`: the run ends as Esc would end it. */
  interrupt?: string;
}

export const hookEvent = (runId: string, note: HookNote): AgentEvent => ({ type: 'hook', runId, ...note });

export const interruptedResult = (): ToolResult => ({
  content: 'Interrupted by the user before this call finished.',
  display: { kind: 'text', text: 'interrupted' },
  isError: true,
});

/** Where and under which permissions tools run: the same for every round of a run. */
export interface ToolEnvironment {
  registry: ToolRegistry;
  rules: PermissionPolicy;
  broker: ApprovalBroker;
  /** Where answers to a tool's questions arrive (ask_user, exit_plan_mode); without it nobody can answer. */
  questions?: QuestionBroker;
  /** An approved plan switches the mode. */
  setMode?: (mode: PermissionMode) => void;
  /** False in headless mode: calls that would ask are denied instead. */
  interactive: boolean;
  /** Answers calls that would ask instead of a dialog or the headless denial (dontAsk mode, a permission prompt tool). */
  askFallback?: AskFallback;
  cwd: string;
  workspace: string;
  state: ToolSessionState;
  signal: AbortSignal;
}

export interface ToolRoundParams extends ToolEnvironment {
  runId: string;
  calls: ToolUseBlock[];
  mode: PermissionMode;
  emit: (event: AgentEvent) => void;
  /** A call's result ends the run after this round (a plan shown headless), with this text as its answer. */
  onEndRun?: (text: string) => void;
  /** PreToolUse and PostToolUse hooks, and where what they said is collected. */
  hooks?: { loop: LoopHooks; state: RoundHookState };
}

/** A path as tool lines show it: relative to the workspace inside it ("." for its root), absolute outside it. */
export function shownPath(given: string, where: { cwd: string; workspace: string }): string {
  if (typeof given !== 'string' || given === '') return given;
  const abs = path.resolve(where.cwd, given);
  if (!isInside(abs, path.resolve(where.workspace))) return abs;
  return path.relative(path.resolve(where.workspace), abs) || '.';
}

export function summarizeCall(tool: AnyTool | undefined, input: Record<string, unknown>, where?: { cwd: string; workspace: string }): string {
  if (tool?.summarize) {
    try {
      return tool.summarize(input, (p) => (where ? shownPath(p, where) : p));
    } catch {
      // fall through to the generic summary
    }
  }
  const first = Object.values(input).find((v) => typeof v === 'string');
  return typeof first === 'string' ? first.split('\n')[0].slice(0, 120) : '';
}

export async function runToolRound(p: ToolRoundParams): Promise<ToolResultBlock[]> {
  const results: (ToolResult | undefined)[] = new Array(p.calls.length).fill(undefined);
  // A PreToolUse hook may rewrite a call's arguments; the history keeps what the model sent.
  const calls = p.calls.map((call) => ({ ...call }));
  const started = new Map<string, number>();
  // Calls the runner answers without running them (unknown tool, bad arguments): no tool hooks for those.
  const unrun = new Set<number>();

  /** `denied`: the call was refused by a permission decision (a rule, the mode, a hook, the user, or no one to ask). */
  const finish = (index: number, result: ToolResult, denied = false) => {
    const call = p.calls[index];
    results[index] = result;
    if (result.effects?.mode) p.setMode?.(result.effects.mode);
    if (result.effects?.endRun !== undefined) p.onEndRun?.(result.effects.endRun);
    const begun = started.get(call.id);
    // Image data stays out of events (the store, headless output, the log's event lines): the history carries it.
    const { images: _images, ...shown } = result;
    p.emit({
      type: 'tool_end', runId: p.runId, toolCallId: call.id, name: call.name, result: shown, durationMs: begun ? Date.now() - begun : 0,
      ...(denied ? { denied: true } : {}),
    });
    if (call.name === 'todo_write' && !result.isError) p.emit({ type: 'todos', runId: p.runId, todos: [...p.state.todos] });
  };

  const execute = async (index: number) => {
    const call = calls[index];
    const tool = p.registry.get(call.name);
    started.set(call.id, Date.now());
    p.emit({ type: 'tool_start', runId: p.runId, toolCallId: call.id, name: call.name, input: call.input, summary: summarizeCall(tool, call.input, p) });
    const ctx: ToolContext = {
      cwd: p.cwd,
      workspace: p.workspace,
      signal: p.signal,
      state: p.state,
      toolCallId: call.id,
      onProgress: (text) => p.emit({ type: 'tool_progress', runId: p.runId, toolCallId: call.id, text }),
      askUser: (request) => askUser(call.id, request),
      mode: p.mode,
    };
    let result = await runToolCall(p.registry, call, ctx);
    if (call.name === 'bash' && p.state.sandbox && tool && looksLikeSandboxDenial(result.content)) {
      result = await offerOutsideSandbox(tool, call, result, ctx);
    }
    // The checkpoint comes before the result is shown, so the next call never starts before it.
    if (tool && !tool.readOnly) await p.state.checkpoints?.afterCall(call.name, call.id);
    finish(index, result);
    if (p.hooks && tool && !p.signal.aborted && !unrun.has(index)) {
      const begun = started.get(call.id);
      const after = await p.hooks.loop.postToolUse(call, result, p.signal, begun ? Date.now() - begun : undefined);
      for (const note of after.notes) p.emit(hookEvent(p.runId, note));
      const event = result.isError ? 'PostToolUseFailure' : 'PostToolUse';
      if (after.block) p.hooks.state.context.push(`${event} hook feedback on ${call.name}:\n${after.block}`);
      p.hooks.state.context.push(...after.context);
      if (after.stop) p.hooks.state.stop ??= after.stop;
      // updatedToolOutput changes only what the model gets; the screen keeps the tool's own result.
      if (after.replacedOutput !== undefined) results[index] = { ...result, content: after.replacedOutput };
    }
  };

  /** A tool's question to the user, answered through the session; nobody can answer a headless run. */
  const askUser = async (toolCallId: string, request: UserRequest): Promise<UserAnswer | 'unavailable' | 'aborted'> => {
    if (!p.interactive && p.askFallback) return askFallbackUser(toolCallId, request, p.askFallback);
    if (!p.interactive || !p.questions) return 'unavailable';
    const questionId = newId('q');
    const waiting = p.questions.wait(questionId, p.signal);
    p.emit({ type: 'question_request', runId: p.runId, questionId, toolCallId, ...request });
    const answer = await waiting;
    if (answer === 'aborted') return answer;
    p.emit({ type: 'question_resolved', runId: p.runId, questionId, toolCallId, answer });
    return answer;
  };

  /**
   * Headless, a permission prompt tool may answer what a tool asks, as Claude Code's SDK does: allowing
   * AskUserQuestion with `answers` in its updated input answers the questions; allowing ExitPlanMode approves the plan.
   */
  const askFallbackUser = async (toolCallId: string, request: UserRequest, fallback: AskFallback): Promise<UserAnswer | 'unavailable' | 'aborted'> => {
    const input = request.kind === 'questions' ? { questions: request.questions } : { plan: request.plan };
    const answer = await fallback({ toolName: request.kind === 'questions' ? 'ask_user' : 'exit_plan_mode', input, toolUseId: toolCallId }, p.signal);
    if (p.signal.aborted) return 'aborted';
    if (request.kind === 'plan') return answer.behavior === 'allow' ? { kind: 'plan', decision: 'approve-ask' } : { kind: 'plan', decision: 'keep-planning', feedback: answer.message };
    const answers = answer.behavior === 'allow' ? answer.updatedInput?.answers : undefined;
    if (answers === null || typeof answers !== 'object' || Array.isArray(answers)) return 'unavailable';
    return { kind: 'answers', answers: Object.fromEntries(Object.entries(answers).map(([q, a]) => [q, String(a)])) };
  };

  /** A command the sandbox stopped may run again outside it, asked like any call (never on a rule or a mode alone). */
  const offerOutsideSandbox = async (tool: AnyTool, call: ToolUseBlock, result: ToolResult, ctx: ToolContext): Promise<ToolResult> => {
    const verdict = await p.rules.decide(tool, call.input, p.mode, p.cwd, true);
    if (verdict.kind === 'deny' || !p.interactive) {
      const why = verdict.kind === 'deny' ? verdict.message : 'Running it outside the sandbox needs the user\'s approval, which a headless run cannot ask for.';
      return { ...result, content: `${result.content}\n[The sandbox stopped this command (read-only file system or no network). ${why}]` };
    }
    const approvalId = newId('appr');
    const alwaysRules = await p.rules.alwaysRules(tool, call.input, p.cwd);
    p.emit({
      type: 'approval_request', runId: p.runId, approvalId, toolCallId: call.id, name: tool.name, input: call.input,
      summary: summarizeCall(tool, call.input, p), alwaysScope: alwaysRules.join(', '), alwaysRules, alwaysKind: alwaysRuleKind(alwaysRules), cwd: p.cwd,
      reason: 'it failed inside the sandbox: run it again outside?',
    });
    const decision = await p.broker.wait(approvalId, p.signal);
    if (decision === 'aborted') return result;
    p.emit({ type: 'approval_resolved', runId: p.runId, approvalId, toolCallId: call.id, decision });
    if (decision.kind === 'no') return { ...result, content: `${result.content}\n[The sandbox stopped this command; the user declined to run it outside.]` };
    if (decision.kind === 'always') {
      const where = p.rules.addAlways(alwaysRules, decision.scope ?? 'session');
      p.emit({ type: 'rules_added', runId: p.runId, rules: alwaysRules, source: where });
    }
    return runToolCall(p.registry, call, { ...ctx, outsideSandbox: true });
  };

  /** Decides one call; returns true when it should run. */
  const admit = async (index: number): Promise<boolean> => {
    const call = calls[index];
    const tool = p.registry.get(call.name);
    // Unknown tools and bad arguments are answered by the runner without asking anyone.
    if (!tool || (await validateToolInput(tool, call.input)) !== undefined) {
      unrun.add(index);
      return true;
    }
    let hookSays: 'allow' | 'ask' | undefined;
    let hookReason: string | undefined;
    if (p.hooks) {
      const before = await p.hooks.loop.preToolUse(call, p.signal);
      for (const note of before.notes) p.emit(hookEvent(p.runId, note));
      p.hooks.state.context.push(...before.context);
      if (before.stop) p.hooks.state.stop ??= before.stop;
      if (p.signal.aborted) return false;
      if (before.permission === 'deny' || before.stop) {
        const why = before.permission === 'deny' ? (before.reason ?? 'no reason given') : before.stop;
        finish(index, { content: `A PreToolUse hook refused this ${call.name} call: ${why}`, display: { kind: 'text', text: 'blocked by a hook' }, isError: true }, true);
        return false;
      }
      if (before.updatedInput) {
        call.input = before.updatedInput;
        // The rewritten arguments must still fit the tool; the runner reports them otherwise.
        if ((await validateToolInput(tool, call.input)) !== undefined) {
          unrun.add(index);
          return true;
        }
      }
      hookSays = before.permission;
      hookReason = before.reason;
    }
    const verdict = await p.rules.decide(tool, call.input, p.mode, p.cwd);
    if (verdict.kind === 'deny') {
      // Deny rules, the destructive guard and plan mode win over a hook's allow.
      finish(index, { content: verdict.message, display: { kind: 'text', text: verdict.label }, isError: true }, true);
      return false;
    }
    if (verdict.kind === 'allow' && hookSays !== 'ask') return true;
    // A hook's allow skips the ask, but not one an ask rule or a protected path demands.
    if (verdict.kind === 'ask' && hookSays === 'allow' && !verdict.firm) return true;
    const askReason = hookSays === 'ask' ? `a hook asks${hookReason ? `: ${hookReason}` : ''}` : verdict.kind === 'ask' ? verdict.reason : undefined;
    if (p.askFallback) return askElsewhere(index, tool, p.askFallback);
    if (!p.interactive) {
      finish(index, { content: headlessDeniedMessage(tool.name, p.mode, tool.editsFiles === true), display: { kind: 'text', text: 'denied: needs approval' }, isError: true }, true);
      return false;
    }
    let alwaysRules = await p.rules.alwaysRules(tool, call.input, p.cwd);
    if (p.hooks?.loop.permissionRequest) {
      const hookState = p.hooks.state;
      const answered = await permissionHook({
        runId: p.runId, loop: p.hooks.loop, rules: p.rules, mode: p.mode, cwd: p.cwd, signal: p.signal, emit: p.emit,
        refuse: (result) => finish(index, result),
      }, call, tool, alwaysRules, verdict.kind === 'ask' && verdict.firm === true);
      if (answered === 'interrupt') hookState.interrupt = results[index]?.content ?? 'A PermissionRequest hook interrupted the run.';
      if (answered === 'run') return true;
      if (answered !== 'ask') return false;
      alwaysRules = await p.rules.alwaysRules(tool, call.input, p.cwd);
    }
    const approvalId = newId('appr');
    let diff: string | undefined;
    if (tool.preview) {
      try {
        diff = await tool.preview(call.input, { cwd: p.cwd, workspace: p.workspace, signal: p.signal, state: p.state, toolCallId: call.id, onProgress: () => {} });
      } catch {
        diff = undefined;
      }
    }
    p.emit({
      type: 'approval_request',
      runId: p.runId,
      approvalId,
      toolCallId: call.id,
      name: tool.name,
      input: call.input,
      summary: summarizeCall(tool, call.input, p),
      alwaysScope: alwaysRules.join(', '),
      alwaysRules,
      alwaysKind: alwaysRuleKind(alwaysRules),
      ...(askReason ? { reason: askReason } : {}),
      cwd: p.cwd,
      diff,
    });
    const decision = await p.broker.wait(approvalId, p.signal);
    if (decision === 'aborted') return false;
    p.emit({ type: 'approval_resolved', runId: p.runId, approvalId, toolCallId: call.id, decision });
    if (decision.kind === 'always') {
      const where = p.rules.addAlways(alwaysRules, decision.scope ?? 'session');
      p.emit({ type: 'rules_added', runId: p.runId, rules: alwaysRules, source: where });
    }
    if (decision.kind === 'no') {
      const text = decision.reason ? `declined: ${decision.reason}` : 'declined';
      finish(index, { content: declinedMessage(decision.reason), display: { kind: 'text', text }, isError: true }, true);
      return false;
    }
    return true;
  };

  /** A call that would ask, answered by the fallback; changed arguments are checked against the rules again. */
  const askElsewhere = async (index: number, tool: AnyTool, fallback: AskFallback): Promise<boolean> => {
    const call = calls[index];
    const deny = (message: string) => {
      finish(index, { content: message, display: { kind: 'text', text: 'denied' }, isError: true }, true);
      return false;
    };
    let answer: Awaited<ReturnType<AskFallback>>;
    try {
      answer = await fallback({ toolName: tool.name, input: call.input, toolUseId: call.id }, p.signal);
    } catch (error) {
      return deny(`The permission check could not decide on this ${tool.name} call (${error instanceof Error ? error.message : String(error)}), so it was denied.`);
    }
    if (p.signal.aborted) return false;
    if (answer.behavior === 'deny') return deny(answer.message);
    if (!answer.updatedInput) return true;
    call.input = answer.updatedInput;
    if ((await validateToolInput(tool, call.input)) !== undefined) return true;
    const again = await p.rules.decide(tool, call.input, p.mode, p.cwd);
    return again.kind === 'deny' ? deny(again.message) : true;
  };

  let index = 0;
  const going = () => !p.signal.aborted && p.hooks?.state.interrupt === undefined;
  while (index < p.calls.length && going()) {
    const tool = p.registry.get(p.calls[index].name);
    if (tool?.readOnly) {
      // A run of consecutive read-only calls executes side by side, once each is admitted in call order
      // (deny rules and protected paths hold for reads too).
      const group: number[] = [];
      while (index < p.calls.length && p.registry.get(p.calls[index].name)?.readOnly && going()) {
        const current = index++;
        if (await admit(current)) group.push(current);
      }
      if (going()) await Promise.all(group.map((i) => execute(i)));
      continue;
    }
    if (tool?.concurrent) {
      // Consecutive concurrent calls (subagents) are admitted in call order, then run side by side.
      const admitted: number[] = [];
      while (index < p.calls.length && p.registry.get(p.calls[index].name)?.concurrent && going()) {
        const current = index++;
        if (await admit(current)) admitted.push(current);
      }
      if (going()) await Promise.all(admitted.map((i) => execute(i)));
      continue;
    }
    const current = index++;
    if (await admit(current)) {
      if (!going()) break;
      await execute(current);
    }
  }

  return p.calls.map((call, i) => {
    let result = results[i];
    if (!result) {
      finish(i, interruptedResult());
      result = results[i] as ToolResult;
    }
    return { type: 'tool_result', toolUseId: call.id, content: result.content, ...(result.images?.length ? { images: result.images } : {}), isError: result.isError || undefined };
  });
}
