// Parses a streamed tool-call argument string into the input object the tool runner expects.
import { jsonrepair } from 'jsonrepair';

/** Marks arguments that did not parse, so the tool runner can hand the model an error it can act on. */
export const INVALID_JSON_KEY = '__invalidJson';

const asObject = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/**
 * In levels: strict JSON; else repaired (code fences, trailing commas, single quotes, an ending cut off) when
 * the repair yields an object; else `{ __invalidJson: <raw text> }`. Empty text means no arguments.
 */
export function parseToolInput(raw: string): Record<string, unknown> {
  if (raw.trim() === '') return {};
  try {
    const parsed = asObject(JSON.parse(raw));
    if (parsed) return parsed;
  } catch {
    // Tried repaired below.
  }
  try {
    const repaired = asObject(JSON.parse(jsonrepair(raw)));
    if (repaired) return repaired;
  } catch {
    // Falls through to the marker below.
  }
  return { [INVALID_JSON_KEY]: raw };
}
