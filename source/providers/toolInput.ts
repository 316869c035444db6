// Parses a streamed tool-call argument string into the input object the tool runner expects.

/** Marks arguments that did not parse, so the tool runner can hand the model an error it can act on. */
export const INVALID_JSON_KEY = '__invalidJson';

/** Empty text means no arguments; text that is not a JSON object becomes `{ __invalidJson: <raw text> }`. */
export function parseToolInput(raw: string): Record<string, unknown> {
  if (raw.trim() === '') return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // Falls through to the marker below.
  }
  return { [INVALID_JSON_KEY]: raw };
}
