// Kept for tests only: the Ink drawing of a widget, the reference its row renderer in components/view/ is held to.
// The todo list: pending ○, in progress ◐ with its active form and a spinner, completed ✓ dimmed; counts in the header.
import React from 'react';
import { Box, Text } from 'ink';
import type { TodoItem } from '../../../source/protocol/tools.js';

export interface TodoPanelProps {
  todos: readonly TodoItem[];
  width: number;
  /** The spinner frame shown beside the todo in progress; none when nothing runs. */
  spinner?: string;
}

export const TodoPanel = React.memo(function TodoPanel({ todos, width, spinner }: TodoPanelProps) {
  const done = todos.filter((t) => t.status === 'completed').length;
  return (
    <Box flexDirection="column" width={width} flexShrink={0}>
      <Text bold wrap="truncate-end">
        Todos {done}/{todos.length}
      </Text>
      {todos.length === 0 ? <Text dimColor>none yet</Text> : null}
      {todos.map((todo, i) => {
        if (todo.status === 'completed') {
          return (
            <Text key={i} dimColor wrap="wrap">
              ✓ {todo.content}
            </Text>
          );
        }
        if (todo.status === 'in_progress') {
          return (
            <Text key={i} color="cyan" wrap="wrap">
              ◐ {todo.activeForm || todo.content}{' '}
              {spinner ?? null}
            </Text>
          );
        }
        return (
          <Text key={i} wrap="wrap">
            ○ {todo.content}
          </Text>
        );
      })}
    </Box>
  );
});
