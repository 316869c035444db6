// One session/prompt: runs the session's prompt, streams its events as session/update, takes approvals and questions to the
// editor with session/request_permission, and ends with ACP's stop reason.
import { RequestError, type AgentContext, type PermissionOption, type RequestPermissionRequest, type SessionUpdate, type StopReason } from '@agentclientprotocol/sdk';
import type { AgentEvent, ApprovalDecision, EventOf, RunEndReason } from '../../protocol/events.js';
import type { PlanDecision, UserAnswer } from '../../protocol/tools.js';
import type { SessionCapabilities } from '../../engine/session/capabilities.js';
import type { UpdateMapper } from './acpUpdates.js';

/** The answers an approval offers, as the TUI's keys give them: yes, always (this session), no. */
const approvalOptions: PermissionOption[] = [
  { optionId: 'allow_once', name: 'Allow once', kind: 'allow_once' },
  { optionId: 'allow_always', name: 'Allow always', kind: 'allow_always' },
  { optionId: 'reject_once', name: 'Reject', kind: 'reject_once' },
];

export function decisionFor(outcome: { outcome: 'cancelled' } | { outcome: 'selected'; optionId: string }): ApprovalDecision {
  if (outcome.outcome !== 'selected') return { kind: 'no' };
  // "Always" saves the rule the TUI's "Always (session)" key saves.
  if (outcome.optionId === 'allow_once') return { kind: 'yes' };
  if (outcome.optionId === 'allow_always') return { kind: 'always', scope: 'session' };
  return { kind: 'no' };
}

const planOptions: Array<PermissionOption & { optionId: PlanDecision }> = [
  { optionId: 'approve-auto-edit', name: 'Yes, and accept edits', kind: 'allow_always' },
  { optionId: 'approve-ask', name: 'Yes, ask before edits', kind: 'allow_once' },
  { optionId: 'keep-planning', name: 'No, keep planning', kind: 'reject_once' },
];

/** Where a run's end leaves the editor: ACP has five stop reasons; rein's other endings are told in a message first. */
export function stopReasonFor(reason: RunEndReason, lastStop: string | undefined): StopReason {
  if (reason === 'aborted') return 'cancelled';
  if (reason === 'refusal') return 'refusal';
  if (reason === 'max_turns') return 'max_turn_requests';
  if (reason === 'context_full' || (reason === 'done' && lastStop === 'max_tokens')) return 'max_tokens';
  return 'end_turn';
}

export interface TurnOptions {
  session: SessionCapabilities;
  sessionId: string;
  client: AgentContext;
  mapper: UpdateMapper;
  text: string;
  /** Aborted by session/cancel: permission requests still open are withdrawn. */
  cancelled: AbortSignal;
  log: (line: string) => void;
}

export async function runTurn(o: TurnOptions): Promise<StopReason> {
  const send = (update: SessionUpdate) => o.client.notify('session/update', { sessionId: o.sessionId, update });
  const ask: Ask = async (toolCall, options) => {
    try {
      const answer = await o.client.request('session/request_permission', { sessionId: o.sessionId, toolCall, options }, { cancellationSignal: o.cancelled, stopWaitingOnCancel: true });
      return answer.outcome;
    } catch (error) {
      if (!o.cancelled.aborted) o.log(`permission request failed: ${(error as Error).message}`);
      return { outcome: 'cancelled' as const };
    }
  };
  const approve = async (e: EventOf<'approval_request'>) => {
    o.session.runs.respond(e.approvalId, decisionFor(await ask(o.mapper.approvalCall(e), approvalOptions)));
  };
  const question = async (e: EventOf<'question_request'>) => {
    o.session.runs.answer(e.questionId, await answerFor(e, ask));
  };
  let end: EventOf<'run_end'> | undefined;
  let lastStop: string | undefined;
  const handle = async (event: AgentEvent): Promise<void> => {
    await o.mapper.prefetch(event);
    for (const update of o.mapper.map(event)) await send(update);
    if (event.agentId !== undefined) return;
    // Not awaited: the run waits on its own for the answer, and the updates keep flowing meanwhile.
    if (event.type === 'approval_request') void approve(event);
    else if (event.type === 'question_request') void question(event);
    else if (event.type === 'message_end') lastStop = event.stopReason;
  };
  // The one channel: the run's events (and those around it while it lasts) become updates in order, one at a time.
  let sent: Promise<void> = Promise.resolve();
  const unsubscribe = o.session.runs.subscribe((event) => {
    sent = sent.then(() => handle(event));
  });
  try {
    end = await o.session.runs.prompt(o.text);
  } finally {
    unsubscribe();
  }
  await sent;
  if (!end) return o.cancelled.aborted ? 'cancelled' : 'end_turn';
  if (end.reason === 'error' && !o.cancelled.aborted) throw RequestError.internalError(undefined, end.error ?? 'the run failed');
  const known = ['done', 'aborted', 'refusal', 'max_turns', 'context_full'];
  if (!known.includes(end.reason)) await send({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: `\n\n(rein stopped: ${end.error ?? end.reason.replace(/_/g, ' ')})` } });
  return stopReasonFor(end.reason, lastStop);
}

type Ask = (toolCall: RequestPermissionRequest['toolCall'], options: PermissionOption[]) => Promise<{ outcome: 'cancelled' } | { outcome: 'selected'; optionId: string }>;

/** A plan to approve, or the model's questions one at a time, each as a choice among its options. */
export async function answerFor(e: EventOf<'question_request'>, ask: Ask): Promise<UserAnswer> {
  const toolCall = { toolCallId: e.toolCallId };
  if (e.kind === 'plan') {
    const outcome = await ask({ ...toolCall, title: 'Ready to code?', kind: 'switch_mode', content: [{ type: 'content', content: { type: 'text', text: e.plan } }] }, planOptions);
    if (outcome.outcome !== 'selected') return { kind: 'dismissed' };
    return { kind: 'plan', decision: outcome.optionId as PlanDecision };
  }
  const answers: Record<string, string> = {};
  for (const q of e.questions) {
    const options = q.options.map((opt, i): PermissionOption => ({ optionId: String(i), name: opt.label, kind: 'allow_once' }));
    const outcome = await ask({ ...toolCall, title: q.question, kind: 'other' }, options);
    if (outcome.outcome !== 'selected') return { kind: 'dismissed' };
    answers[q.question] = q.options[Number(outcome.optionId)]?.label ?? outcome.optionId;
  }
  return { kind: 'answers', answers };
}
