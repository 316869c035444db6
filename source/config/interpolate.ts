// Expands ${VAR} and ${VAR:-default} in every string value of a parsed config file; $${ writes a literal ${.
import type { Env } from './types.js';

/** A reference that cannot be expanded; `path` is the JSON pointer of the string that holds it. */
export class InterpolationError extends Error {
  constructor(
    readonly path: string,
    readonly problem: string,
  ) {
    super(problem);
    this.name = 'InterpolationError';
  }
}

const token = /\$\$\{|\$\{([^}]*)\}|\$\{/g;
const reference = /^([A-Za-z_][A-Za-z0-9_]*)(?::-([\s\S]*))?$/;

/** Expands one string; `path` only labels errors. */
export function interpolateString(text: string, env: Env, path = ''): string {
  return text.replace(token, (match: string, inner: string | undefined) => {
    if (match === '$${') return '${';
    if (inner === undefined) {
      throw new InterpolationError(path, 'has a "${" without a closing "}" (write "$${" for a literal "${")');
    }
    const parts = reference.exec(inner);
    if (!parts) {
      throw new InterpolationError(path, `has a malformed variable reference ${JSON.stringify(match)} (use \${NAME} or \${NAME:-default})`);
    }
    const [, name, fallback] = parts;
    const value = env[name];
    // Like the shell's :- form, an empty variable also takes the default.
    if (fallback !== undefined) return value === undefined || value === '' ? fallback : value;
    if (value === undefined) {
      throw new InterpolationError(path, `environment variable ${name} is not set (set it, or give a default with \${${name}:-value})`);
    }
    return value;
  });
}

function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Expands every string value in a parsed JSON tree, nested objects and arrays included; keys stay as written. */
export function interpolateTree(value: unknown, env: Env, path = ''): unknown {
  if (typeof value === 'string') return interpolateString(value, env, path);
  if (Array.isArray(value)) return value.map((item, i) => interpolateTree(item, env, `${path}/${i}`));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = interpolateTree(item, env, `${path}/${escapePointer(key)}`);
    return out;
  }
  return value;
}

const variableReference = /(^|[^$])\$\{/;

/**
 * A project file's tree with every string that names an environment variable left out (its JSON pointer goes into
 * `dropped`): a repository must not put the user's variables into a request. `$${` still writes a literal `${`.
 */
export function withoutReferences(value: unknown, dropped: string[], path = ''): unknown {
  if (typeof value === 'string') {
    if (variableReference.test(value)) {
      dropped.push(path || '/');
      return undefined;
    }
    return value.replace(/\$\$\{/g, '${');
  }
  if (Array.isArray(value)) {
    return value.map((item, i) => withoutReferences(item, dropped, `${path}/${i}`)).filter((item) => item !== undefined);
  }
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const kept = withoutReferences(item, dropped, `${path}/${escapePointer(key)}`);
      if (kept !== undefined) out[key] = kept;
    }
    return out;
  }
  return value;
}
