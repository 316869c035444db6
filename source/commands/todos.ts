// /todos: prints the current todo list.
import type { SlashCommand } from './slashCommand.js';

const mark = { pending: '○', in_progress: '◐', completed: '✓' } as const;

export const todosCommand: SlashCommand = {
  name: 'todos',
  description: 'show the todo list',
  run(ctx) {
    const { todos } = ctx.getState();
    if (todos.length === 0) {
      ctx.print('No todos yet.');
      return;
    }
    const done = todos.filter((t) => t.status === 'completed').length;
    const lines = todos.map((t) => `${mark[t.status]} ${t.status === 'in_progress' ? t.activeForm || t.content : t.content}`);
    ctx.print([`Todos ${done}/${todos.length}`, ...lines].join('\n'));
  },
};
