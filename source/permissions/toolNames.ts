// Claude Code's tool names and the rein tools they mean, so files written for Claude Code work unchanged.

const claudeToRein: Record<string, string> = {
  Read: 'read_file',
  Write: 'write_file',
  Edit: 'edit_file',
  MultiEdit: 'edit_file',
  Glob: 'glob',
  Grep: 'grep',
  LS: 'glob',
  Bash: 'bash',
  BashOutput: 'bash_output',
  KillBash: 'kill_task',
  KillShell: 'kill_task',
  TodoWrite: 'todo_write',
  Task: 'task',
  Agent: 'task',
  WaitForMcpServers: 'wait_for_mcp_servers',
  WebFetch: 'web_fetch',
  WebSearch: 'web_search',
  AskUserQuestion: 'ask_user',
  ExitPlanMode: 'exit_plan_mode',
};

/** Claude Code's name for each rein tool that has one (the first of its names above). */
const reinToClaude: Record<string, string> = {
  read_file: 'Read', write_file: 'Write', edit_file: 'Edit', glob: 'Glob', grep: 'Grep', bash: 'Bash',
  bash_output: 'BashOutput', kill_task: 'KillShell', todo_write: 'TodoWrite', task: 'Agent', wait_for_mcp_servers: 'WaitForMcpServers', web_fetch: 'WebFetch', web_search: 'WebSearch', ask_user: 'AskUserQuestion', exit_plan_mode: 'ExitPlanMode',
};

/** Claude Code's name for a rein tool that has one; others (memory, mcp__…) keep theirs. */
export const claudeToolName = (reinName: string): string => reinToClaude[reinName] ?? reinName;

/** A rule as Claude Code writes it (`edit_file` → `Edit`, `bash(x)` → `Bash(x)`), for the settings files both read. */
export function claudeRuleText(rule: string): string {
  const match = /^([A-Za-z_][A-Za-z0-9_-]*)(\([\s\S]*\))?$/.exec(rule.trim());
  if (!match) return rule;
  const name = reinToClaude[match[1]];
  return name ? `${name}${match[2] ?? ''}` : rule.trim();
}

/** rein's name for `name`: Claude Code's names are translated, rein's own (and `mcp__…`) pass through. */
export function reinToolName(name: string): string {
  return claudeToRein[name] ?? name;
}

/** Whether a path rule speaks of reading or of writing (what bash commands touching the path are judged by). */
export const pathRuleAccess = (name: string): 'read' | 'edit' => (['Read', 'read_file', 'Glob', 'glob', 'Grep', 'grep'].includes(name) ? 'read' : 'edit');

/** The rein tools a Claude Code path rule speaks for: Read covers every tool that reads, Edit and Write every tool that writes. */
export const pathRuleTools: Record<string, readonly string[]> = {
  Read: ['read_file', 'glob', 'grep'],
  Edit: ['edit_file', 'write_file'],
  MultiEdit: ['edit_file', 'write_file'],
  Write: ['edit_file', 'write_file'],
  read_file: ['read_file'],
  edit_file: ['edit_file'],
  write_file: ['write_file'],
  Glob: ['glob'],
  glob: ['glob'],
  Grep: ['grep'],
  grep: ['grep'],
};
