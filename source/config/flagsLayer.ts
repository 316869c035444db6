// The command-line layer: flags the CLI parsed, validated like a file and named in errors by flag.
import { ConfigError } from './errors.js';
import { checkLayer } from './schema.js';
import { formatSchemaError } from './schemaErrors.js';
import type { ConfigFlags, ConfigLayer } from './types.js';

/** "maxTurns" → "--max-turns". */
function flagName(key: string): string {
  return `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

/** Validates the flags the CLI passed; undefined values are dropped. Throws ConfigError naming the bad flag. */
export function readFlagsLayer(flags: ConfigFlags | undefined): ConfigLayer {
  const raw: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(flags ?? {})) {
    if (value !== undefined) raw[key] = value;
  }
  const checked = checkLayer(raw);
  if (!checked.ok) {
    const describe = (at: string) => (at ? `Flag ${flagName(at.slice(1).split('/')[0])} is invalid` : 'Invalid flags');
    throw new ConfigError(formatSchemaError(checked.error, { describe }));
  }
  return checked.layer;
}
