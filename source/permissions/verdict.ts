// What a permission decision returns, and the words plan mode refuses with.

export type PermissionVerdict =
  | { kind: 'allow' }
  /** `firm`: an ask rule or a protected path asks, which a hook's allow does not lift (Claude Code's order). */
  | { kind: 'ask'; reason?: string; firm?: boolean }
  | { kind: 'deny'; message: string; label: string };

export const planModeRefusal = (tool: string) =>
  `rein is in plan mode, so ${tool} was not run: only read-only tools and read-only shell commands are allowed. Investigate with those and present your plan; the user will switch modes to carry it out.`;
