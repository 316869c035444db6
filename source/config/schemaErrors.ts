// Turns an ajv error into the plain problem text of a config error ("must be integer (got "ten")").
import type { ErrorObject } from 'ajv';
import { closestMatch } from './suggest.js';

/** Where a layer came from, and how to name a JSON path inside it in a message. */
export interface LayerLabel {
  file?: string;
  /** "Invalid config in /x/agent.config.json at /maxTurns", "Environment variable REIN_MODEL is invalid". */
  describe(path: string): string;
}

const maxShown = 60;

/** A short JSON rendering of a bad value for messages. */
export function showValue(value: unknown): string {
  const text = typeof value === 'number' && !Number.isFinite(value) ? String(value) : (JSON.stringify(value) ?? String(value));
  return text.length > maxShown ? `${text.slice(0, maxShown - 1)}…` : text;
}

function quoteList(values: readonly unknown[]): string {
  return values.map((v) => JSON.stringify(v)).join(', ');
}

/** The problem part of a message; never echoes an API key back. */
function describeProblem(error: ErrorObject): string {
  const secret = /(^|\/)apiKey$/.test(error.instancePath);
  const got = secret ? '' : ` (got ${showValue(error.data)})`;
  // Either a word or a number: ajv reports only the first alternative it tried, which would mislead.
  if (error.instancePath === '/thinking') return `must be "off", "low", "medium", "high" or a number of thinking tokens of at least 1024${got}`;
  switch (error.keyword) {
    case 'additionalProperties': {
      const key = String((error.params as { additionalProperty: string }).additionalProperty);
      const schema = error.parentSchema as { properties?: Record<string, unknown> } | undefined;
      const known = Object.keys(schema?.properties ?? {}).filter((k) => k !== '$schema');
      const guess = closestMatch(key, known);
      return `unknown key ${JSON.stringify(key)}${guess ? ` (did you mean ${JSON.stringify(guess)}?)` : ''}`;
    }
    case 'enum': {
      const allowed = (error.params as { allowedValues: readonly unknown[] }).allowedValues;
      const guess = typeof error.data === 'string' ? closestMatch(error.data, allowed.map(String)) : undefined;
      const hint = guess ? `; did you mean ${JSON.stringify(guess)}?` : '';
      return `must be one of ${quoteList(allowed)} (got ${showValue(error.data)}${hint})`;
    }
    case 'pattern':
    case 'format':
      return `must be an http(s) URL such as http://localhost:8080/v1${got}`;
    case 'minLength':
      return 'must not be empty';
    default:
      return `${error.message ?? 'is invalid'}${got}`;
  }
}

/** The full one-sentence message for a failed layer. */
export function formatSchemaError(error: ErrorObject, label: LayerLabel): string {
  return `${label.describe(error.instancePath)}: ${describeProblem(error)}.`;
}
