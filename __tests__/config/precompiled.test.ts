// The build's precompiled config validator (dist/config-validator.cjs) must judge layers exactly as the schema does.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import { describe, expect, it } from 'vitest';
import { configLayerSchema, validatorOptions } from '../../source/config/layerSchema.js';
import { configFormats } from '../../source/config/urlFormat.js';

const precompiled = createRequire(import.meta.url)(resolve('dist/config-validator.cjs')) as ValidateFunction;
const ajv = new Ajv(validatorOptions);
ajv.addFormat('uri', configFormats.uri);
const compiled = ajv.compile(configLayerSchema);

const samples: unknown[] = [
  {},
  { provider: 'openai', model: 'gpt-4.1', baseUrl: 'http://localhost:11434/v1', maxTurns: 0 },
  { maxTurns: 'ten' },
  { modle: 'typo' },
  { baseUrl: 'localhost:8080' },
  { tools: ['read_file', 'teleport'] },
  { context: { contextDangerRatio: 1.5 } },
  { security: { workspace: '' } },
  { permissionMode: 'reckless' },
  // URLs as Node's parser reads them: a port that is no number, a space, a bracketed IPv6 host.
  { baseUrl: 'http://host:port/v1' },
  { baseUrl: 'http://my host/v1' },
  { baseUrl: 'http://[::1]:8080/v1' },
  { webSearch: { backend: 'searxng', url: 'https://search.test:99999/' } },
];

describe('precompiled config validator', () => {
  it.each(samples.map((s) => [JSON.stringify(s), s]))('agrees with the schema on %s', (_label, sample) => {
    const expected = compiled(sample);
    expect(precompiled(sample)).toBe(expected);
    if (!expected) expect(precompiled.errors?.[0]).toMatchObject({ instancePath: compiled.errors?.[0].instancePath, keyword: compiled.errors?.[0].keyword });
  });

  it('requires nothing at load: resolving Ajv\'s runtime helpers through its package cost about 3 ms a start', () => {
    for (const file of ['dist/config-validator.cjs', 'dist/file-validators.cjs']) {
      // A call, not the text of one inside a string (Ajv keeps its helpers' source text).
      expect(readFileSync(resolve(file), 'utf8').match(/(?<![\w$'"])require\(/g) ?? [], file).toEqual([]);
    }
  });
});
