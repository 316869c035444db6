// The build's precompiled validators of user files (dist/file-validators.cjs) must judge as the schemas do.
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import { describe, expect, it } from 'vitest';
import { fileValidatorOptions, type FileSchema } from '../../source/config/fileCheck.js';
import { hookSchemas } from '../../source/extensions/hookSchema.js';
import { mcpSchemas } from '../../source/mcp/serverSchema.js';
import { agentSchemas } from '../../source/agents/agentSchema.js';

const precompiled = createRequire(import.meta.url)(resolve('dist/file-validators.cjs')) as Record<string, ValidateFunction>;

const samples: [FileSchema, unknown][] = [
  [hookSchemas[0], []],
  [hookSchemas[2], { type: 'http' }],
  [hookSchemas[2], { command: 'x', timeout: -1 }],
  [hookSchemas[3], { type: 'webhook' }],
  [hookSchemas[3], { type: 'mcp_tool', server: 's', tool: 't' }],
  [mcpSchemas[0], { type: 'stdio', command: 'node', args: 'x' }],
  [mcpSchemas[0], { type: 'sse', url: 'http://x' }],
  [agentSchemas[0], { name: '-x', description: ' ' }],
  [agentSchemas[0], { name: 'a', description: 'b', model: null }],
];

describe('precompiled user-file validators', () => {
  it('hold every schema', () => {
    expect(Object.keys(precompiled).sort()).toEqual([...hookSchemas, ...mcpSchemas, ...agentSchemas].map((s) => s.$id).sort());
  });

  it.each(samples.map(([schema, sample]) => [`${schema.$id} ${JSON.stringify(sample)}`, schema, sample] as const))('agree with the schema on %s', (_label, schema, sample) => {
    const compiled = new Ajv(fileValidatorOptions).compile(schema);
    const expected = compiled(sample);
    const validate = precompiled[schema.$id];
    expect(validate(sample)).toBe(expected);
    expect(validate.errors?.map((e) => [e.instancePath, e.keyword])).toEqual(compiled.errors?.map((e) => [e.instancePath, e.keyword]));
  });
});
