// The schema a tool is described by on the wire: its own, less what only the argument check needs.
import type { AnyTool } from './types.js';
import { structuredOutputToolName } from './structuredOutput.js';

type Json = unknown;

/**
 * `additionalProperties: false` tells the model nothing the listed properties do not: the runner still checks the
 * arguments against the whole schema and answers an unknown property with an error naming it. Only the structured
 * answer keeps it, since there the user's schema describes what the model must write.
 */
function withoutClosedObjects(value: Json): Json {
  if (Array.isArray(value)) return value.map(withoutClosedObjects);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, Json> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (key === 'additionalProperties' && inner === false) continue;
    out[key] = withoutClosedObjects(inner);
  }
  return out;
}

const cache = new WeakMap<AnyTool, Record<string, unknown>>();

export function wireSchema(tool: AnyTool): Record<string, unknown> {
  if (tool.name === structuredOutputToolName) return tool.inputSchema;
  let schema = cache.get(tool);
  if (!schema) {
    schema = withoutClosedObjects(tool.inputSchema) as Record<string, unknown>;
    cache.set(tool, schema);
  }
  return schema;
}
