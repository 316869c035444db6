// Validates one config layer against the schema (see layerSchema.ts for the schema itself).
import type { ErrorObject } from 'ajv';
import type { ConfigLayer } from './types.js';
import { layerValidator, validatorUsed } from './validator.js';
import { omit } from '../util/omit.js';

export { knownToolNames } from './layerSchema.js';

/** Validates one layer; on failure returns the first error so the message can name one path and one problem. */
export function checkLayer(data: unknown): { ok: true; layer: ConfigLayer } | { ok: false; error: ErrorObject } {
  const validate = layerValidator();
  const valid = validate(data);
  validatorUsed();
  if (valid) {
    const layer = omit(data, '$schema');
    return { ok: true, layer };
  }
  const error = validate.errors?.[0];
  if (!error) throw new Error('Config validation failed without an error report.');
  return { ok: false, error };
}
