// todo_write: the model's task list for the session, replaced whole on each call and checked for sane progress.
import { defineTool, errorResult } from './types.js';
import { type TodoItem } from '../protocol/tools.js';

export interface TodoWriteArgs {
  todos: TodoItem[];
}

const maxTodos = 20;

/** The first rule the new list breaks, as an error for the model; undefined when it is fine. */
function todoListError(previous: TodoItem[], next: TodoItem[]): string | undefined {
  if (next.length > maxTodos) return `todo_write takes at most ${maxTodos} items and got ${next.length}; merge or drop some.`;
  const blank = next.findIndex((todo) => todo.content.trim() === '' || todo.activeForm.trim() === '');
  if (blank !== -1) return `Item ${blank + 1} has an empty content or activeForm; give both a short text.`;
  const inProgress = next.filter((todo) => todo.status === 'in_progress');
  if (inProgress.length > 1) {
    return `Only one item may be in_progress at a time, but ${inProgress.length} are; finish one before starting the next.`;
  }
  const completedBefore = new Set(previous.filter((todo) => todo.status === 'completed').map((todo) => todo.content.trim()));
  const newlyCompleted = next.filter((todo) => todo.status === 'completed' && !completedBefore.has(todo.content.trim()));
  if (newlyCompleted.length > 1) {
    // Items should be marked done as each is finished, not in a batch at the end.
    return `${newlyCompleted.length} items were marked completed in one call; mark each item completed right after finishing it, one per call.`;
  }
  return undefined;
}

function summarizeTodos(todos: TodoItem[]): string {
  if (todos.length === 0) return 'Todo list cleared.';
  const count = (status: TodoItem['status']): number => todos.filter((todo) => todo.status === status).length;
  const current = todos.find((todo) => todo.status === 'in_progress');
  const summary = `Todo list updated: ${count('completed')} completed, ${count('in_progress')} in progress, ${count('pending')} pending.`;
  return current ? `${summary} Now: ${current.activeForm}.` : summary;
}

export const todoWriteTool = defineTool<TodoWriteArgs>({
  name: 'todo_write',
  description:
    'The todo list of a task of 3+ steps, sent whole each time. One item in_progress while working; mark each completed as soon as done. ' +
    'content imperative ("Run tests"), activeForm continuous ("Running tests"). At most 20 items.',
  inputSchema: {
    type: 'object',
    properties: {
      todos: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            content: { type: 'string' },
            status: { type: 'string', enum: ['pending', 'in_progress', 'completed'] },
            activeForm: { type: 'string' },
          },
          required: ['content', 'status', 'activeForm'],
          additionalProperties: false,
        },
      },
    },
    required: ['todos'],
    additionalProperties: false,
  },
  // It touches no files and no processes, so it runs without approval, like the read-only tools.
  readOnly: true,
  summarize: (args) => (Array.isArray(args.todos) ? `${args.todos.length} items` : ''),

  execute(args, ctx) {
    const error = todoListError(ctx.state.todos, args.todos);
    if (error) {
      // Completing several at once is a habit to correct, not a failure: the user sees a short note, the list stays.
      const batch = /^(\d+) items were marked completed in one call/.exec(error);
      if (batch) return Promise.resolve({ content: error, display: { kind: 'note', text: `List not updated: ${batch[1]} items were marked done at once; asked to mark them one by one.` }, isError: true });
      // The person reads what was wrong; what to do about it is for the model.
      const wrong = error.split('; ')[0].replace(/\.$/, '');
      return Promise.resolve(errorResult(error, `List not updated: ${wrong.charAt(0).toLowerCase()}${wrong.slice(1)}.`));
    }
    const todos = args.todos.map((todo) => ({ content: todo.content, status: todo.status, activeForm: todo.activeForm }));
    ctx.state.todos = todos;
    return Promise.resolve({ content: summarizeTodos(todos), display: { kind: 'todos', todos }, isError: false });
  },
});
