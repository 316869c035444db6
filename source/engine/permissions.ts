// Decides whether a tool call runs, asks the user, or is refused, from the permission mode and the session's "always" rules.
import type { AnyTool } from '../tools/types.js';
import type { PermissionMode } from './events.js';
import { analyzeShellCommand, commandPrefix, coveredByPrefixes } from './shellWords.js';

export type PermissionVerdict = { kind: 'allow' } | { kind: 'ask' } | { kind: 'deny'; message: string };

export const planModeRefusal = (tool: string) =>
  `rein is in plan mode, so ${tool} was not run: only read-only tools are allowed. Investigate with read-only tools and present your plan; the user will switch modes to carry it out.`;

/** "Always" approvals given during this session. */
export class AlwaysRules {
  private tools = new Set<string>();
  private bashPrefixes: string[][] = [];
  private bashExact = new Set<string>();

  covers(tool: AnyTool, input: Record<string, unknown>): boolean {
    if (tool.name === 'bash') {
      const command = typeof input.command === 'string' ? input.command : '';
      return this.bashExact.has(command.trim()) || coveredByPrefixes(command, this.bashPrefixes);
    }
    return this.tools.has(tool.name);
  }

  add(tool: AnyTool, input: Record<string, unknown>): void {
    if (tool.name !== 'bash') {
      this.tools.add(tool.name);
      return;
    }
    const command = typeof input.command === 'string' ? input.command : '';
    const analysis = analyzeShellCommand(command);
    if (analysis.opaque) this.bashExact.add(command.trim());
    else for (const words of analysis.commands) this.bashPrefixes.push(commandPrefix(words));
  }

  clear(): void {
    this.tools.clear();
    this.bashPrefixes = [];
    this.bashExact.clear();
  }
}

/** Plain words for what "always" would approve; shown in the approval dialog. */
export function describeAlwaysScope(tool: AnyTool, input: Record<string, unknown>): string {
  if (tool.name !== 'bash') return `every ${tool.name} call for the rest of this session`;
  const command = typeof input.command === 'string' ? input.command : '';
  const analysis = analyzeShellCommand(command);
  if (analysis.opaque) return 'this exact command for the rest of this session';
  const prefixes = [...new Set(analysis.commands.map((words) => commandPrefix(words).join(' ')))];
  return `bash commands starting with ${prefixes.map((p) => `\`${p}\``).join(' or ')} for the rest of this session`;
}

export function decidePermission(tool: AnyTool, input: Record<string, unknown>, mode: PermissionMode, rules: AlwaysRules): PermissionVerdict {
  if (tool.readOnly || tool.autoApproved) return { kind: 'allow' };
  if (mode === 'plan') return { kind: 'deny', message: planModeRefusal(tool.name) };
  if (mode === 'yolo') return { kind: 'allow' };
  if (mode === 'auto-edit' && tool.editsFiles) return { kind: 'allow' };
  if (rules.covers(tool, input)) return { kind: 'allow' };
  return { kind: 'ask' };
}
