// Writes a session log with N conversation messages (prompts, markdown answers, tool calls and outputs) for `rein --resume`.
import { randomBytes } from 'node:crypto';
import type { AgentEvent } from '../source/protocol/events.js';
import { addUsage, type AssistantMessage, type Message, type ToolResultBlock, type ToolUseBlock, type Usage } from '../source/protocol/messages.js';
import type { ToolResult } from '../source/protocol/tools.js';
import { applySummary, planCompaction } from '../source/engine/compaction/index.js';
import { TokenCounter } from '../source/engine/tokens.js';
import { SessionLog } from '../source/sessionLog/index.js';
import { ContentMaker } from './renderContent.js';

export interface TranscriptOptions {
  /** `$REIN_HOME/sessions`. */
  sessionsDir: string;
  /** The directory rein will be started in (resume expects the same cwd). */
  cwd: string;
  /** Conversation messages (user + assistant, tool results included), exactly. */
  messages: number;
  sessionId?: string;
  provider?: string;
  model?: string;
  /**
   * Compact as rein does (summary + newest turns, a `history replace` record) once the history passes this many
   * tokens (about 4 characters each). Default: 90% of a 128k window, rein's danger ratio; 0 never compacts.
   */
  compactAtTokens?: number;
  seed?: number;
}

export interface WrittenTranscript {
  sessionId: string;
  file: string;
  /** The conversation a resume replays: after the last compaction, so usually much shorter than the messages written. */
  history: Message[];
  /** Auto compactions written. */
  compactions: number;
  /** Records written after the meta line. */
  records: number;
  /** The session's first prompt: what the top of the transcript shows. */
  firstPrompt: string;
}

const usageOf = (input: number, output: number): Usage => ({ inputTokens: input, outputTokens: output, cacheReadTokens: 0, cacheWriteTokens: 0 });

/** A session id in rein's format (sortable by time), made unique with random hex. */
function benchSessionId(): string {
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `${stamp}-${randomBytes(3).toString('hex')}`;
}

interface PlannedCall {
  block: ToolUseBlock;
  result: ToolResult;
  summary: string;
}

/** One tool call of a realistic kind, with the output the tool would have produced. */
function plannedCall(make: ContentMaker, id: string): PlannedCall {
  const file = `src/${make.pick(['screen', 'store', 'engine', 'session'])}/${make.pick(['frameWriter', 'applyEvent', 'loop', 'records', 'layout'])}.ts`;
  const kind = make.pick(['read_file', 'read_file', 'grep', 'bash', 'edit_file'] as const);
  if (kind === 'read_file') {
    const lines = make.between(20, 120);
    const listing = make.fileListing(lines);
    return { block: { type: 'tool_use', id, name: kind, input: { path: file } }, summary: file, result: { content: listing, display: { kind: 'text', text: `Read ${file}: lines 1–${lines}` }, isError: false } };
  }
  if (kind === 'grep') {
    const pattern = make.pick(['writePending', 'applyEvent', 'SYNC_BEGIN', 'trimmedCount']);
    const hits = Array.from({ length: make.between(2, 12) }, () => `${file}:${make.between(1, 300)}:  ${make.sentence(3, 8)}`).join('\n');
    return { block: { type: 'tool_use', id, name: kind, input: { pattern, path: '.' } }, summary: pattern, result: { content: hits, display: { kind: 'text', text: hits }, isError: false } };
  }
  if (kind === 'bash') {
    const command = make.pick(['npm test', 'npx tsc --noEmit -p .', 'git status --short', 'npm run lint']);
    const output = Array.from({ length: make.between(3, 30) }, () => make.sentence(3, 10)).join('\n');
    const failed = make.between(0, 5) === 0;
    return { block: { type: 'tool_use', id, name: kind, input: { command } }, summary: command, result: { content: `${output}\nexit code ${failed ? 1 : 0}`, display: { kind: 'text', text: output }, isError: failed } };
  }
  const oldLine = `  const ${make.pick(['rows', 'frame', 'width'])} = ${make.between(1, 99)};`;
  const newLine = `  const ${make.pick(['rows', 'frame', 'width'])} = ${make.between(100, 999)};`;
  const at = make.between(1, 200);
  const diff = `--- ${file}\n+++ ${file}\n@@ -${at},3 +${at},3 @@\n   // context\n-${oldLine}\n+${newLine}\n   return out;`;
  return {
    block: { type: 'tool_use', id, name: kind, input: { path: file, old_string: oldLine, new_string: newLine } },
    summary: file,
    result: { content: `Edited ${file}: 1 replacement (+1 -1 lines).`, display: { kind: 'diff', path: file, diff, created: false }, isError: false },
  };
}

/**
 * Writes the log and returns the history a resume replays. Exchanges are a user prompt, zero to three tool rounds
 * (one to three calls each) and a markdown answer; the last exchange is shortened so the count is exact.
 */
export function writeTranscript(opts: TranscriptOptions): WrittenTranscript {
  const make = new ContentMaker(opts.seed ?? 7);
  const sessionId = opts.sessionId ?? benchSessionId();
  const provider = opts.provider ?? 'openai';
  const model = opts.model ?? 'bench';
  const log = SessionLog.create({ sessionsDir: opts.sessionsDir, meta: { sessionId, cwd: opts.cwd, provider, model, startedAt: new Date().toISOString() } });
  const history: Message[] = [];
  let records = 0;
  let ids = 0;
  let compactions = 0;
  let total = usageOf(0, 0);
  const window = 128_000;
  const compactAt = opts.compactAtTokens ?? window * 0.9;
  const counter = new TokenCounter((text) => Math.ceil(text.length / 4));
  const nextId = (prefix: string): string => `${prefix}_bench${(++ids).toString(36)}`;
  const event = (e: AgentEvent): void => {
    log.append({ kind: 'event', event: e });
    records++;
  };
  const append = (message: Message): void => {
    log.append({ kind: 'history', op: 'append', message });
    history.push(message);
    records++;
  };

  const tokens = (): number => history.reduce((sum, m) => sum + counter.countMessage(m), 0);
  /** What rein does before a request once the context is nearly full: summarise the older part, keep the newest turns. */
  const maybeCompact = (runId: string): void => {
    if (compactAt <= 0) return;
    const tokensBefore = tokens();
    if (tokensBefore < compactAt) return;
    const plan = planCompaction(history, { keepBudgetTokens: window * 0.3, keepUserTurns: 3, counter });
    if (!plan) return;
    const summary = `## User goals and instructions\n${make.list()}\n\n## Current state\n${make.paragraph()}\n\n## Next steps\n${make.list()}`;
    const next = applySummary(plan, summary);
    history.splice(0, history.length, ...next);
    log.append({ kind: 'history', op: 'replace', messages: next });
    // As a session does: the todo list follows every rewrite.
    log.append({ kind: 'state', todos: [], model });
    event({ type: 'compaction', runId, level: 'auto', tokensBefore, tokensAfter: tokens(), summary });
    records++;
    compactions++;
  };

  event({ type: 'session_start', sessionId, cwd: opts.cwd, provider, model, mode: 'ask', resumed: false });
  let left = opts.messages;
  let firstPrompt = '';
  while (left > 0) {
    const runId = nextId('run');
    const prompt = make.prompt();
    firstPrompt ||= prompt;
    event({ type: 'run_start', sessionId, runId, prompt });
    log.append({ kind: 'history', op: 'append_text', text: prompt });
    history.push({ role: 'user', content: [{ type: 'text', text: prompt }] });
    records++;
    left--;
    if (left === 0) {
      // An odd count ends on a prompt whose run was interrupted before the model answered.
      event({ type: 'run_end', runId, reason: 'aborted', text: '', turns: 0, usage: usageOf(0, 0), durationMs: 400 });
      break;
    }
    // Each tool round adds two messages; keep one message for the answer.
    const rounds = Math.min(make.pick([0, 0, 1, 1, 2, 3]), Math.floor((left - 1) / 2));
    let answerText = '';
    for (let turn = 1; turn <= rounds + 1; turn++) {
      maybeCompact(runId);
      const turnId = nextId('turn');
      const messageId = nextId('msg');
      event({ type: 'turn_start', runId, turnId, turn });
      event({ type: 'message_start', runId, turnId, messageId });
      const final = turn === rounds + 1;
      const text = final ? make.markdown(make.pick([300, 800, 1500, 3000])) : make.sentence(6, 14);
      // rein's log leaves out delta events (text, tool arguments, progress): the finished message carries it all.
      const calls = final ? [] : Array.from({ length: make.pick([1, 1, 2, 3]) }, () => plannedCall(make, nextId('call')));
      for (const call of calls) event({ type: 'tool_call_start', runId, messageId, toolCallId: call.block.id, name: call.block.name });
      const message: AssistantMessage = { role: 'assistant', content: [{ type: 'text', text }, ...calls.map((c) => c.block)] };
      const usage = usageOf(2_000 + tokens(), Math.ceil(text.length / 4));
      const percent = Math.min(100, Math.round((usage.inputTokens / window) * 1000) / 10);
      total = addUsage(total, usage);
      event({ type: 'usage', runId, turnUsage: usage, totalUsage: total, context: { tokens: usage.inputTokens, window, percent } });
      append(message);
      left--;
      event({ type: 'message_end', runId, turnId, messageId, message, stopReason: final ? 'end_turn' : 'tool_use', usage });
      if (final) {
        answerText = text;
        break;
      }
      for (const call of calls) {
        event({ type: 'tool_start', runId, toolCallId: call.block.id, name: call.block.name, input: call.block.input, summary: call.summary });
        event({ type: 'tool_end', runId, toolCallId: call.block.id, name: call.block.name, result: call.result, durationMs: make.between(2, 900) });
      }
      const results: ToolResultBlock[] = calls.map((c) => ({ type: 'tool_result', toolUseId: c.block.id, content: c.result.content, ...(c.result.isError ? { isError: true } : {}) }));
      append({ role: 'user', content: results });
      left--;
    }
    event({ type: 'run_end', runId, reason: 'done', text: answerText, turns: rounds + 1, usage: usageOf(4_000, 900), durationMs: make.between(2_000, 40_000) });
  }
  log.close();
  if (log.error) throw new Error(log.error);
  return { sessionId, file: log.file, history, compactions, records, firstPrompt };
}
