// The JSON schemas of Claude Code's `hooks` shape, checked by config/fileCheck: the event's list, a group, a handler.
import type { FileSchema } from '../config/fileCheck.js';

const stringList = { type: 'array', items: { type: 'string' } };
const filled = (description: string) => ({ type: 'string', pattern: '\\S', description });
/** A handler whose `type` is `name`; `command` is also the type of a handler that names none. */
const ofType = (name: string) => (name === 'command' ? { properties: { type: { const: name } } } : { properties: { type: { const: name } }, required: ['type'] });

export const hooksSchema: FileSchema = { $id: 'hooks', type: 'object' };

export const hookGroupListSchema: FileSchema = { $id: 'hookGroupList', type: 'array' };

export const hookGroupSchema: FileSchema = {
  $id: 'hookGroup',
  type: 'object',
  required: ['hooks'],
  properties: { matcher: { type: ['string', 'null'] }, hooks: { type: 'array' } },
};

export const hookHandlerSchema: FileSchema = {
  $id: 'hookHandler',
  type: 'object',
  properties: {
    type: { enum: ['command', 'http', 'prompt', 'mcp_tool', 'agent'] },
    timeout: { type: 'number', exclusiveMinimum: 0 },
    if: { type: 'string' },
  },
  allOf: [
    { if: ofType('command'), then: { required: ['command'], properties: { command: filled('a command to run'), args: stringList } } },
    {
      if: ofType('http'),
      then: {
        required: ['url'],
        properties: {
          url: { type: 'string', pattern: '^https?://', description: 'an address starting with http:// or https://' },
          headers: { type: 'object', additionalProperties: { type: 'string' } },
          allowedEnvVars: stringList,
        },
      },
    },
    { if: ofType('prompt'), then: { required: ['prompt'], properties: { prompt: filled('the question for the model') } } },
    { if: ofType('agent'), then: { required: ['prompt'], properties: { prompt: filled('the task for the agent') } } },
    { if: ofType('mcp_tool'), then: { required: ['server', 'tool'], properties: { server: { type: 'string' }, tool: { type: 'string' }, input: { type: 'object' } } } },
  ],
};

/** Every schema of this file, for the build's precompiled copy. */
export const hookSchemas: FileSchema[] = [hooksSchema, hookGroupListSchema, hookGroupSchema, hookHandlerSchema];
