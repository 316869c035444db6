// The compiled validator for config layers. Compiling a schema is slow, so the build writes it out ahead of
// time (dist/config-validator.cjs); running from the sources (tests, development) compiles it here instead.
import { createRequire } from 'node:module';
import type { ValidateFunction } from 'ajv';
import { configLayerSchema, validatorOptions } from './layerSchema.js';
import type { ConfigLayer } from './types.js';
import { configFormats } from './urlFormat.js';

const precompiledValidatorFile = 'config-validator.cjs';

type LayerValidator = ValidateFunction<ConfigLayer & { $schema?: string }>;

const requireHere = createRequire(import.meta.url);
let validate: LayerValidator | undefined;

export function layerValidator(): LayerValidator {
  if (validate) return validate;
  try {
    validate = requireHere(`./${precompiledValidatorFile}`) as LayerValidator;
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
