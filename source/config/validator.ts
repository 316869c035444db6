// The compiled validator for config layers. Compiling a schema is slow, so the build writes it out ahead of
// time (dist/config-validator.cjs); running from the sources (tests, development) compiles it here instead.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { ValidateFunction } from 'ajv';
import { requireCached } from './codeCache.js';
import { configLayerSchema, validatorOptions } from './layerSchema.js';
import type { ConfigLayer } from './types.js';
import { configFormats } from './urlFormat.js';

const precompiledValidatorFile = 'config-validator.cjs';

type LayerValidator = ValidateFunction<ConfigLayer & { $schema?: string }>;

const requireHere = createRequire(import.meta.url);
let validate: LayerValidator | undefined;
let keepCode = (): void => undefined;

/** Keeps the precompiled validator's code cache (see codeCache.ts); called after a validation, when its code is compiled. */
export const validatorUsed = (): void => keepCode();

export function layerValidator(): LayerValidator {
  if (validate) return validate;
  try {
    const loaded = requireCached<LayerValidator>(fileURLToPath(new URL(`./${precompiledValidatorFile}`, import.meta.url)));
    keepCode = loaded.keep;
    validate = loaded.exports;
    return validate;
  } catch {
    // Not built: compile below.
  }
  // Loaded here rather than imported so a built rein never loads Ajv's compiler at start-up.
  const { Ajv } = requireHere('ajv') as typeof import('ajv');
  const ajv = new Ajv(validatorOptions);
  ajv.addFormat('uri', configFormats.uri);
  validate = ajv.compile(configLayerSchema) as LayerValidator;
  return validate;
}
