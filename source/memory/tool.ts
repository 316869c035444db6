// memory: lets the model save, update and delete the user's markdown memories that outlive the session.
import { homeShown } from '../util/shownPath.js';
import { MemoryError, memoryTypes, type MemoryStore } from '../memory/store.js';
import { isMemoryType } from '../memory/memoryFile.js';
import { adviceError, defineTool, errorResult, textResult, type AnyTool } from '../tools/types.js';
import { type ToolResult } from '../protocol/tools.js';
import { errorMessage } from '../util/errors.js';

export const memoryToolName = 'memory';

export interface MemoryToolArgs {
  action: 'save' | 'update' | 'delete';
  name?: string;
  type?: string;
  description?: string;
  content?: string;
}

const typeList = memoryTypes.join(', ');

function describeTool(): string {
  return (
    'Keep a memory across sessions: the user and their preferences (type user), their corrections and guidance (feedback), pointers to ' +
    'outside material (reference), project facts the code does not show (project). No secrets, nothing code or git history tells, not ' +
    'this task\'s state. content: a sentence or two; name: kebab-case; description: one index line.'
  );
}

const present = (value: string | undefined): value is string => typeof value === 'string' && value.trim() !== '';

function badType(type: string): ToolResult {
  return adviceError(`Memory type "${type}" is not known; use one of ${typeList}.`);
}

function runAction(store: MemoryStore, args: MemoryToolArgs): ToolResult {
  if (args.type !== undefined && !isMemoryType(args.type)) return badType(args.type);
  const type = args.type;
  switch (args.action) {
    case 'save': {
      if (!present(args.content)) return errorResult('save needs content: the fact to remember, in a sentence or two.', 'Nothing saved: no content was given.');
      if (!type) return errorResult(`save needs a type: one of ${typeList}.`, 'Nothing saved: no type was given.');
      const { status, entry } = store.save({ name: args.name, type, description: args.description, body: args.content });
      if (status === 'unchanged') return textResult(`Already saved as ${entry.type} memory \`${entry.name}\`; nothing changed.`, false, `Already saved as ${entry.type} memory ${entry.name}; nothing changed.`);
      const verb = status === 'saved' ? 'Saved' : 'Updated';
      return textResult(`${verb} ${entry.type} memory \`${entry.name}\`.`, false, `${verb} ${entry.type} memory ${entry.name} (${homeShown(entry.path)})`);
    }
    case 'update': {
      if (!present(args.name)) return errorResult('update needs the name of the memory to change.');
      if (args.content === undefined && args.description === undefined && type === undefined) {
        return errorResult('update needs at least one of content, description or type to change.');
      }
      const entry = store.update(args.name, { body: args.content, description: args.description, type });
      return textResult(`Updated ${entry.type} memory \`${entry.name}\`.`, false, `Updated ${entry.type} memory ${entry.name} (${homeShown(entry.path)})`);
    }
    case 'delete': {
      if (!present(args.name)) return errorResult('delete needs the name of the memory to remove.');
      if (!store.delete(args.name)) return adviceError(`No memory is named \`${args.name}\`; check the name in the memory index.`);
      return textResult(`Deleted memory \`${args.name}\`.`, false, `Deleted memory ${args.name}.`);
    }
    default:
      return adviceError(`Memory action "${String(args.action)}" is not known; use save, update or delete.`);
  }
}

export function createMemoryTool(store: MemoryStore): AnyTool {
  return defineTool<MemoryToolArgs>({
    name: memoryToolName,
    description: describeTool(),
    inputSchema: {
      type: 'object',
      properties: {
        action: { type: 'string', enum: ['save', 'update', 'delete'] },
        name: { type: 'string' },
        type: { type: 'string', enum: [...memoryTypes] },
        description: { type: 'string' },
        content: { type: 'string' },
      },
      required: ['action'],
      additionalProperties: false,
    },
    // It writes only inside the memory folders, never workspace files; the engine runs it without approval.
    readOnly: false,
    autoApproved: true,
    summarize: (args) => [args.action, args.name].filter(Boolean).join(' '),

    execute(args) {
      try {
        return Promise.resolve(runAction(store, args));
      } catch (err) {
        if (err instanceof MemoryError) return Promise.resolve(errorResult(err.message));
        const reason = errorMessage(err);
        return Promise.resolve(errorResult(`The memory could not be written (${reason}); check that the memory folder is writable.`));
      }
    },
  });
}
