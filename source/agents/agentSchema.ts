// The JSON schema of an agent file's frontmatter, checked by config/fileCheck; `tools` and `hooks` are read by their
// own rules (an unreadable tools value means no tools, a bad hook is left out alone), so they are not checked here.
import type { FileSchema } from '../config/fileCheck.js';

export const agentFrontmatterSchema: FileSchema = {
  $id: 'agentFrontmatter',
  type: 'object',
  required: ['name', 'description'],
  properties: {
    name: { type: ['string', 'number'], minLength: 1, pattern: '^(\\s*[^\\s-][^\\r\\n]*?\\s*)?$', description: 'one line that does not start with -' },
    description: { type: 'string', pattern: '\\S', description: 'a sentence saying when to use the agent' },
    model: { type: ['string', 'null'] },
  },
};

/** Every schema of this file, for the build's precompiled copy. */
export const agentSchemas: FileSchema[] = [agentFrontmatterSchema];
