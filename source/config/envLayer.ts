// The environment layer: REIN_* variables, validated like a file and named in errors by variable.
import { ConfigError } from './errors.js';
import { resolveWorkspace } from './paths.js';
import { checkLayer } from './schema.js';
import { formatSchemaError } from './schemaErrors.js';
import type { ConfigLayer, Env } from './types.js';

/** Config key (JSON pointer) → the variable that sets it. */
const envVariables: Readonly<Record<string, string>> = {
  '/provider': 'REIN_PROVIDER',
  '/model': 'REIN_MODEL',
  '/baseUrl': 'REIN_BASE_URL',
  '/apiKey': 'REIN_API_KEY',
  '/maxTurns': 'REIN_MAX_TURNS',
  '/permissionMode': 'REIN_PERMISSION_MODE',
  '/security/workspace': 'REIN_WORKSPACE',
};

/** Reads the REIN_* variables; empty ones count as unset. Throws ConfigError naming the bad variable. */
export function readEnvLayer(env: Env, cwd: string): ConfigLayer {
  const get = (name: string): string | undefined => (env[name] === '' ? undefined : env[name]);
  const raw: Record<string, unknown> = {};
  const put = (key: string, value: unknown) => {
    if (value !== undefined) raw[key] = value;
  };
  put('provider', get('REIN_PROVIDER'));
  put('model', get('REIN_MODEL'));
  put('baseUrl', get('REIN_BASE_URL'));
  put('apiKey', get('REIN_API_KEY'));
  put('permissionMode', get('REIN_PERMISSION_MODE'));

  const turns = get('REIN_MAX_TURNS');
  if (turns !== undefined) {
    const trimmed = turns.trim();
    if (!/^\d+$/.test(trimmed)) {
      throw new ConfigError(`Environment variable REIN_MAX_TURNS must be a whole number, 0 for unlimited (got ${JSON.stringify(turns)}).`);
    }
    raw.maxTurns = Number(trimmed);
  }

  const workspace = get('REIN_WORKSPACE');
  if (workspace !== undefined) raw.security = { workspace };

  const checked = checkLayer(raw);
  if (!checked.ok) {
    const describe = (at: string) => `Environment variable ${envVariables[at] ?? at} is invalid`;
    throw new ConfigError(formatSchemaError(checked.error, { describe }));
  }
  const layer = checked.layer;
  if (layer.security?.workspace !== undefined) {
    layer.security = { workspace: resolveWorkspace(layer.security.workspace, cwd, env) };
  }
  return layer;
}
