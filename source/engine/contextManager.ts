// Keeps the conversation inside the model's window: measures it, runs micro and auto compaction, and trips the breaker.
import type { Provider, ToolSchema } from '../providers/types.js';
import type { Message } from '../protocol/messages.js';
import {
  applySummary,
  ContextBreaker,
  dropOlderHalf,
  hasClearedOutput,
  microCompact,
  offloadWarning,
  planCompaction,
  summaryRequest,
} from './compaction/index.js';
import { callSignal } from '../util/callSignal.js';
import type { AgentEvent } from '../protocol/events.js';
import type { Conversation } from './history.js';
import { wrapReminder } from './reminders.js';
import { ContextMeter, TokenCounter } from './tokens.js';
import { leanNotice, leanWindowTokens } from './leanPrompt.js';

export type { CompactionOutcome, ContextSettings } from './contextSettings.js';
import type { CompactionOutcome, ContextSettings } from './contextSettings.js';
import { formatInt } from '../util/format.js';
import { WindowQuestions } from './windowQuestions.js';

/** Micro-compaction waits until the context is this full. */
const microFloorRatio = 0.5;

/** Summary calls that fail this many times in a row are not tried again; the breaker then acts. */
const maxSummaryFailures = 3;

const unsummarisedNote = 'The earlier conversation was left out: the server refused it as too long, and refused to summarise it too.';

/** Characters per token: a typical ratio for code and prose, and bounds no real text falls outside of. */
const typicalChars = 4;
const fewestChars = 2;
const mostChars = 8;

export class ContextManager {
  /** Counts for budgeting (what to keep, what micro-compaction frees): a typical ratio is close enough there. */
  readonly counter = new TokenCounter((text) => Math.ceil(text.length / typicalChars));
  /** Called before history is summarised (the PreCompact hooks), however the compaction was started; a reason blocks it. */
  beforeCompact?: (trigger: 'manual' | 'auto', instructions: string | undefined, signal: AbortSignal) => Promise<string | undefined>;
  private readonly typical = new ContextMeter(this.counter);
  private readonly upper = new ContextMeter(new TokenCounter((text) => Math.ceil(text.length / fewestChars)));
  private readonly lower = new ContextMeter(new TokenCounter((text) => Math.ceil(text.length / mostChars)));
  /**
   * The exact o200k count. Its tokenizer is slow and large to build, so it is used only when the bounds
   * above cannot tell on which side of the compaction line the context is; short sessions never build it.
   */
  private readonly exact = new ContextMeter(new TokenCounter());
  private readonly meters = [this.typical, this.upper, this.lower, this.exact];
  /** Whether a provider has reported usage since the history was last rewritten. */
  private anchored = false;
  private breaker: ContextBreaker;
  private summaryFailures = 0;
  /** The window each model's server serves it with, asked once a session. */
  private readonly questions = new WindowQuestions();
  private leanNoticed = false;

  constructor(
    private settings: ContextSettings,
    private readonly summarizer: () => { provider: Provider; model: string; maxTokens: number },
    /** Told when a provider's error revealed a smaller window than assumed. */
    private readonly onWindowLearned: (window: number) => void = () => {},
  ) {
    this.breaker = new ContextBreaker({ dangerRatio: settings.dangerRatio });
  }

  setWindow(window: number): void {
    this.settings = { ...this.settings, window };
  }

  get window(): number {
    return this.settings.window;
  }

  /** Whether a provider's report anchors the estimate, and the share of the window at which compaction starts (/context). */
  get measure(): { anchored: boolean; compactRatio: number } { return { anchored: this.anchored, compactRatio: this.settings.dangerRatio }; }

  /** The provider said the window is smaller than assumed: measure against the real one from now on. */
  learnWindow(window: number): void {
    this.setWindow(window);
    this.onWindowLearned(window);
    // The breaker's memory of what compaction achieved was measured against the old window.
    this.breaker.reset();
  }

  /** Puts a shrunk history in place and counts it once as the new anchor, as a compaction does. */
  replaceHistory(conversation: Conversation, messages: Message[], system: string, tools: readonly ToolSchema[]): void {
    conversation.replace(messages);
    this.resetMeters();
    this.reanchor(this.typical.estimate(system, tools, messages), messages.length);
  }

  /** After a model call: the provider's usage is the truth for everything up to that reply. */
  observe(reportedTokens: number, historyLength: number): void {
    if (reportedTokens <= 0) return;
    this.anchored = true;
    for (const meter of this.meters) meter.observe(reportedTokens, historyLength);
  }

  /**
   * Tokens the next request will take. The provider's last reported usage anchors it, so only what was added
   * since is estimated; without an anchor (a resumed or just compacted history), exact counting happens only
   * when the bounds cannot tell on which side of the compaction line the context is.
   */
  estimate(system: string, tools: readonly ToolSchema[], history: readonly Message[]): number {
    const line = this.settings.window * this.settings.dangerRatio;
    const typical = this.typical.estimate(system, tools, history);
    // Anchored on reported usage, only the newest messages are estimated: their error is small next to the
    // margin between the compaction line and the window, and the provider's next report corrects it.
    if (this.anchored) return typical;
    if (this.upper.estimate(system, tools, history) < line) return typical;
    if (this.lower.estimate(system, tools, history) >= line) return Math.max(typical, Math.ceil(line));
    return this.exact.estimate(system, tools, history);
  }

  /**
   * A resumed history has no reported size yet: take the typical count as its anchor rather than build the
   * exact tokenizer; the provider's first answer replaces it, and a too-long request is compacted and retried.
   */
  anchorResumed(system: string, tools: readonly ToolSchema[], history: readonly Message[]): void {
    if (history.length === 0) return;
    this.resetMeters();
    this.reanchor(this.typical.estimate(system, tools, history), history.length);
  }

  private reanchor(tokens: number, historyLength: number): void {
    this.resetMeters();
    this.observe(tokens, historyLength);
  }

  private resetMeters(): void {
    this.anchored = false;
    for (const meter of this.meters) meter.reset();
  }

  reset(): void {
    this.resetMeters();
    this.breaker.reset();
    this.summaryFailures = 0;
  }

  /**
   * Before each request: cut old tool output in batches, compact when the breaker says so, warn the model when
   * compaction no longer helps. Returns 'stop' when the run must end because the context is full.
   */
  async *prepare(conversation: Conversation, system: string, tools: readonly ToolSchema[], runId: string, signal: AbortSignal): AsyncGenerator<AgentEvent, 'go' | 'stop'> {
    yield* this.askServedWindow(runId, signal);
    const before = this.estimate(system, tools, conversation.messages);
    // Clearing old output rewrites earlier messages and so costs a prompt-cache miss: it starts once the context is
    // half full, and from then on (a cleared result is in the history) each result is cleared once the model has
    // answered it, so the context stays flat instead of climbing to a summary; microCompact skips tiny gains.
    const tight = before >= this.settings.window * microFloorRatio || hasClearedOutput(conversation.messages);
    const micro = !tight ? undefined : microCompact(conversation.messages as Message[], {
      keepRecent: this.settings.keepRecentToolResults,
      window: this.settings.window,
      counter: this.counter,
    });
    if (micro) {
      conversation.replace(micro.history);
      // What was cut is known, so the size stays anchored instead of being counted again from scratch.
      const after = Math.max(0, before - micro.freedTokens);
      this.reanchor(after, conversation.length);
      yield { type: 'compaction', runId, level: 'micro', tokensBefore: before, tokensAfter: after };
    }
    const action = this.breaker.check(this.estimate(system, tools, conversation.messages), this.settings.window);
    if (action === 'compact') {
      const outcome = await this.compact(conversation, system, tools, 'auto', undefined, signal, runId);
      if (outcome.event) yield outcome.event;
      if (outcome.error) yield { type: 'warning', runId, message: outcome.error };
    } else if (action === 'warn') {
      conversation.appendUserText(wrapReminder(offloadWarning));
      yield { type: 'warning', runId, message: 'The context is almost full and compaction no longer frees enough room; the model was told to finish up.' };
    } else if (action === 'stop') {
      return 'stop';
    }
    return 'go';
  }

  /** Before a run: the server's own window for the model (asked once), and a line the first time the prompt goes lean. */
  async *beforeRun(runId: string, signal: AbortSignal): AsyncGenerator<AgentEvent> {
    yield* this.askServedWindow(runId, signal);
    if (this.settings.window < leanWindowTokens && !this.leanNoticed) {
      this.leanNoticed = true;
      yield { type: 'warning', runId, message: leanNotice(this.settings.window) };
    }
  }

  /** Asks the server now for the window it serves the current model with: the first run finds the answer waiting. */
  askAhead(): void {
    const { provider, model } = this.summarizer();
    if (!this.settings.fixedWindow) void this.questions.ask(provider, model);
  }

  /** Drops the questions still on their way (the session closed). */
  stopAsking(): void {
    this.questions.stop();
  }

  /** Before a model's first request: a server that says what window it serves (Ollama, llama.cpp, vLLM) is believed, once. */
  private async *askServedWindow(runId: string, signal: AbortSignal): AsyncGenerator<AgentEvent> {
    const { provider, model } = this.summarizer();
    if (this.settings.fixedWindow) return;
    const served = await this.questions.take(provider, model, signal);
    if (!served || served.tokens === this.settings.window) return;
    this.learnWindow(served.tokens);
    yield { type: 'warning', runId, message: `The server serves ${model} with a window of ${formatInt(served.tokens)} tokens (${served.source}); rein measures the context against that.` };
  }

  /** Summarises older history (or drops its older half when the summary call fails). */
  async compact(
    conversation: Conversation,
    system: string,
    tools: readonly ToolSchema[],
    level: 'auto' | 'manual' | 'overflow',
    instructions: string | undefined,
    signal: AbortSignal,
    runId?: string,
  ): Promise<CompactionOutcome> {
    const history = conversation.messages as Message[];
    const tokensBefore = this.estimate(system, tools, history);
    // Auto keeps the newest turns that fit the keep budget. A manual /compact, or a provider saying the request
    // is too long (its real limit is below our estimate), keeps less: the newest turn, within a quarter of today.
    const budget = Math.floor(this.settings.window * this.settings.keepRecentRatio);
    const plan = planCompaction(history, {
      keepBudgetTokens: level === 'auto' ? budget : Math.min(budget, Math.floor(tokensBefore / 4)),
      keepUserTurns: level === 'auto' ? 3 : 1,
      counter: this.counter,
    });
    if (!plan) {
      this.breaker.compacted(tokensBefore, this.settings.window);
      // Before a request (auto) the user did not ask for it: say why nothing was compacted, and that it goes anyway.
      const error = level === 'auto'
        ? `The newest messages alone take about ${Math.round((tokensBefore / this.settings.window) * 100)}% of the model's context window of ${formatInt(this.settings.window)} tokens and there is no older history to compact; they are sent as they are.`
        : 'There is no older history to compact yet.';
      return { ok: false, error };
    }
    const blocked = await this.beforeCompact?.(level === 'manual' ? 'manual' : 'auto', instructions, signal);
    if (blocked !== undefined) {
      // Counted as a compaction that freed nothing: the breaker stops trying after a few, as it would for those.
      this.breaker.compacted(tokensBefore, this.settings.window);
      return { ok: false, error: `A PreCompact hook blocked compaction: ${blocked}` };
    }
    let next: Message[];
    let summary: string | undefined;
    let error: string | undefined;
    if (this.summaryFailures < maxSummaryFailures) {
      const result = await this.summarize(plan.older, instructions, signal);
      if (signal.aborted) return { ok: false, error: 'Compaction was interrupted.' };
      if (result.ok) {
        this.summaryFailures = 0;
        summary = result.text;
        next = applySummary(plan, result.text);
      } else if (level === 'overflow') {
        // The server refused the conversation: the summary request, which carries the same older turns, is
        // refused too; half of them may still be too many, so all of them go and a note says so.
        this.summaryFailures += 1;
        error = `The summary call failed (${result.error}); the earlier conversation was left out instead.`;
        next = applySummary(plan, unsummarisedNote);
      } else {
        this.summaryFailures += 1;
        error = `The summary call failed (${result.error}); the older half of the history was dropped instead.`;
        next = dropOlderHalf(history);
      }
    } else {
      next = dropOlderHalf(history);
    }
    conversation.replace(next);
    // The rewritten history is counted once at the typical ratio and used as the anchor until the provider
    // reports the real size with its next answer.
    this.resetMeters();
    const tokensAfter = this.typical.estimate(system, tools, next);
    this.reanchor(tokensAfter, next.length);
    this.breaker.compacted(tokensAfter, this.settings.window);
    return { ok: true, event: { type: 'compaction', runId, level: level === 'manual' ? 'manual' : 'auto', tokensBefore, tokensAfter, summary }, error };
  }

  private async summarize(older: Message[], instructions: string | undefined, signal: AbortSignal): Promise<{ ok: true; text: string } | { ok: false; error: string }> {
    const { provider, model, maxTokens } = this.summarizer();
    const request = summaryRequest(older, instructions);
    let text = '';
    const call = callSignal(signal);
    try {
      for await (const event of provider.stream({ system: request.system, tools: [], messages: request.messages, options: { model, maxTokens } }, call.signal)) {
        if (event.type === 'done') {
          if (event.stopReason === 'error' || event.stopReason === 'aborted') return { ok: false, error: event.error?.message ?? event.stopReason };
          text = event.message.content.filter((b) => b.type === 'text').map((b) => (b as { text: string }).text).join('');
        }
      }
    } finally {
      call.done();
    }
    return text.trim() ? { ok: true, text: text.trim() } : { ok: false, error: 'the summary was empty' };
  }
}
