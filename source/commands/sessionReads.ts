// What a command reads of the session and the few session actions it may take, the same in the TUI and headless.
import type { SessionCapabilities } from '../engine/session/capabilities.js';
import type { CommandContext } from './slashCommand.js';

type SessionReads = Pick<
  CommandContext,
  'contextBreakdown' | 'diagnostics' | 'mcpSettled' | 'renameSession' | 'memory' | 'logFile' | 'recentSessions' | 'permissionRules' | 'removeSessionRule' | 'skills'
>;

export function sessionReads(session: SessionCapabilities): SessionReads {
  return {
    contextBreakdown: () => session.inspection.contextBreakdown(),
    diagnostics: () => session.inspection.diagnostics(),
    mcpSettled: () => session.inspection.mcpSettled(),
    renameSession: (name) => session.conversation.rename(name),
    memory: () => session.inspection.memory(),
    logFile: () => session.conversation.logFile(),
    recentSessions: (limit) => session.conversation.recentSessions(limit),
    permissionRules: () => session.settings.permissionRules(),
    removeSessionRule: (text) => session.settings.removeSessionRule(text),
    skills: () => session.inspection.skills(),
  };
}
