// A rough token count of a request, for a call whose stream ended before the server said how long its prompt was.

/** Characters per token of a serialized request: its JSON quoting and escapes make it longer than the text it carries. */
const charsPerToken = 4;

export function roughTokens(body: unknown): number {
  try {
    return Math.ceil(JSON.stringify(body).length / charsPerToken);
  } catch {
    return 0;
  }
}
