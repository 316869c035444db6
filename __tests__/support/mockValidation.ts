// Rejects malformed chat histories the way the real Anthropic and OpenAI APIs do, so tests catch invalid requests.

type Json = Record<string, unknown>;

const asRecord = (v: unknown): Json | undefined => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : undefined);
const blocksOf = (m: Json): Json[] => (Array.isArray(m.content) ? m.content.flatMap((b) => (asRecord(b) ? [b as Json] : [])) : []);

/** Returns the API's error message for an invalid Anthropic Messages request, or undefined when it is valid. */
export function validateAnthropicRequest(body: Json): string | undefined {
  const thinking = asRecord(body.thinking);
  if (thinking?.type === 'enabled') {
    const budget = Number(thinking.budget_tokens);
    if (!Number.isInteger(budget) || budget < 1024) return 'thinking.enabled.budget_tokens: Input should be greater than or equal to 1024';
    if (!(Number(body.max_tokens) > budget)) return '`max_tokens` must be greater than `thinking.budget_tokens`';
  }
  if (thinking && thinking.type !== 'disabled' && body.temperature !== undefined && body.temperature !== 1)
    return '`temperature` may only be set to 1 when thinking is enabled';
  const messages = Array.isArray(body.messages) ? body.messages : undefined;
  if (!messages) return 'messages: Field required';
  for (const [i, raw] of messages.entries()) {
    const m = asRecord(raw);
    if (!m || (m.role !== 'user' && m.role !== 'assistant')) return `messages.${i}.role: Input should be 'user' or 'assistant'`;
    for (const [j, b] of blocksOf(m).entries()) {
      if (b.type === 'text' && (typeof b.text !== 'string' || b.text === '')) return `messages.${i}.content.${j}.text: text content blocks must be non-empty`;
    }
  }
  if (messages.length > 0 && asRecord(messages[0])?.role !== 'user') return 'messages: first message must use the "user" role';
  for (const [i, raw] of messages.entries()) {
    const m = raw as Json;
    const prev = i > 0 ? (messages[i - 1] as Json) : undefined;
    if (m.role === 'assistant') {
      const ids = blocksOf(m).flatMap((b) => (b.type === 'tool_use' ? [String(b.id)] : []));
      if (ids.length === 0) continue;
      const next = asRecord(messages[i + 1]);
      const answered = new Set(next?.role === 'user' ? blocksOf(next).flatMap((b) => (b.type === 'tool_result' ? [String(b.tool_use_id)] : [])) : []);
      const missing = ids.filter((id) => !answered.has(id));
      if (missing.length > 0)
        return `messages.${i}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${missing.join(', ')}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`;
      continue;
    }
    const calls = new Set(prev?.role === 'assistant' ? blocksOf(prev).flatMap((b) => (b.type === 'tool_use' ? [String(b.id)] : [])) : []);
    let sawOther = false;
    for (const [j, b] of blocksOf(m).entries()) {
      if (b.type !== 'tool_result') {
        sawOther = true;
        continue;
      }
      if (!calls.has(String(b.tool_use_id)))
        return `messages.${i}.content.${j}: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${String(b.tool_use_id)}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`;
      if (sawOther) return `messages.${i}: tool_result blocks must come first in the user message content, before any other blocks.`;
    }
  }
  return undefined;
}

const OPENAI_ROLES = new Set(['system', 'developer', 'user', 'assistant', 'tool', 'function']);

/** Returns the API's error message for an invalid Chat Completions request, or undefined when it is valid. */
export function validateOpenAIRequest(body: Json): string | undefined {
  const messages = Array.isArray(body.messages) ? body.messages : undefined;
  if (!messages) return "Missing required parameter: 'messages'.";
  // Tool calls of the latest assistant message that still wait for their tool messages.
  let open: string[] = [];
  let lastCalls = new Set<string>();
  for (const [i, raw] of messages.entries()) {
    const m = asRecord(raw);
    const role = m?.role;
    if (!m || typeof role !== 'string' || !OPENAI_ROLES.has(role))
      return `Invalid value: '${String(role)}'. Supported values are: 'system', 'assistant', 'user', 'function', 'tool', and 'developer'.`;
    if (role === 'tool') {
      const id = String(m.tool_call_id);
      if (!lastCalls.has(id)) return `Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'. (messages[${i}], tool_call_id ${id})`;
      open = open.filter((x) => x !== id);
      continue;
    }
    if (open.length > 0)
      return `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${open.join(', ')}`;
    lastCalls = new Set();
    if (role === 'assistant' && Array.isArray(m.tool_calls)) {
      const ids = m.tool_calls.map((c) => String(asRecord(c)?.id));
      lastCalls = new Set(ids);
      open = ids;
    }
  }
  if (open.length > 0)
    return `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${open.join(', ')}`;
  return undefined;
}
