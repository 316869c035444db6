// The JSON schema of one `mcpServers` entry (Claude Code's .mcp.json shape), checked by config/fileCheck before its
// ${VAR}s are expanded; unknown keys are allowed, as Claude Code allows them.
import type { FileSchema } from '../config/fileCheck.js';

const stringMap = { type: 'object', additionalProperties: { type: 'string' } };

/** Checked with `type` filled in (a `url` without a `command` means http, anything else stdio). */
export const mcpServerSchema: FileSchema = {
  $id: 'mcpServer',
  type: 'object',
  properties: { type: { enum: ['stdio', 'http', 'sse'] } },
  allOf: [
    {
      if: { properties: { type: { const: 'stdio' } } },
      then: { required: ['command'], properties: { command: { type: 'string' }, args: { type: 'array', items: { type: 'string' } }, env: stringMap } },
    },
    {
      if: { properties: { type: { enum: ['http', 'sse'] } } },
      then: { required: ['url'], properties: { url: { type: 'string' }, headers: stringMap } },
    },
  ],
};

export const mcpServersSchema: FileSchema = { $id: 'mcpServers', type: 'object' };

/** Every schema of this file, for the build's precompiled copy. */
export const mcpSchemas: FileSchema[] = [mcpServerSchema, mcpServersSchema];
