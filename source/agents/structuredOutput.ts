// Reads a JSON answer out of a model's text in levels: as it is; out of a code fence or prose, repaired; then
// checked against a schema. What still fails comes back as a problem to send to the model.
import { jsonrepair } from 'jsonrepair';
import type { ValidateFunction } from 'ajv';
import { getAjv } from '../tools/runner.js';

export type Structured<T> = { ok: true; value: T; level: 'parsed' | 'repaired' } | { ok: false; problem: string };

/** The JSON-looking part of `text`: a fenced block when there is one, else the outermost {...}. */
function extract(text: string): string | undefined {
  const fence = /```(?:json|JSON)?\s*\n([\s\S]*?)```/.exec(text);
  if (fence) return fence[1].trim();
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start === -1) return undefined;
  // A cut-off answer has no closing brace: jsonrepair closes it.
  return end > start ? text.slice(start, end + 1) : text.slice(start);
}

function parse(text: string): { value: unknown; level: 'parsed' | 'repaired' } | undefined {
  try {
    return { value: JSON.parse(text.trim()), level: 'parsed' };
  } catch {
    const part = extract(text);
    if (part === undefined) return undefined;
    try {
      return { value: JSON.parse(jsonrepair(part)), level: 'repaired' };
    } catch {
      return undefined;
    }
  }
}

const validators = new WeakMap<object, ValidateFunction>();

/** Compiled once per schema: team mode reads every plan and review against the same two. */
async function validatorFor(schema: Record<string, unknown>): Promise<ValidateFunction> {
  let validate = validators.get(schema);
  if (!validate) {
    validate = (await getAjv()).compile(schema);
    validators.set(schema, validate);
  }
  return validate;
}

export async function readStructured<T>(text: string, schema: Record<string, unknown>): Promise<Structured<T>> {
  const parsed = parse(text);
  if (!parsed) return { ok: false, problem: 'the answer holds no JSON object that can be read' };
  const validate = await validatorFor(schema);
  // Coercion and defaults change the value in place: validate a copy.
  const value = structuredClone(parsed.value);
  if (!validate(value)) {
    const problems = (validate.errors ?? []).map((e) => `${e.instancePath || '(top level)'} ${e.message ?? 'is invalid'}`);
    return { ok: false, problem: `the JSON does not match the required shape: ${problems.join('; ')}` };
  }
  return { ok: true, value: value as T, level: parsed.level };
}
