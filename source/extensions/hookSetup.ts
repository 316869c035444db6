// Builds a session's hooks from every place they are configured: agent.config.json layers and Claude Code's settings files.
import type { ClaudeSettingsFile } from '../permissions/ruleSources.js';
import { loadHooks, type HooksSource } from './hookConfig.js';
import { SessionHooks } from './sessionHooks.js';

export interface SetupHooksOptions {
  /** `hooks` of each agent.config.json layer, lowest first. */
  layers: HooksSource[];
  /** Claude Code's settings files as read for permissions (their `hooks` key is read from the same reading). */
  settings: ClaudeSettingsFile[];
  projectDir: string;
  cwd: string;
  reinHome: string;
  sessionId: string;
  transcriptPath: string;
  /** Project hooks (and a project's disableAllHooks) count only when the project is trusted. */
  projectTrusted: boolean;
  /** Build the hook runner even when no settings file configures a hook: command and agent files bring their own. */
  always?: boolean;
}

/** Undefined hooks when none are configured; warnings for entries left out. */
export function setupHooks(o: SetupHooksOptions): { hooks?: SessionHooks; warnings: string[] } {
  // Claude Code's switch: "disableAllHooks": true in any of its settings files turns every hook off; an untrusted
  // project cannot turn off the user's own.
  if (o.settings.some((s) => s.settings?.disableAllHooks === true && (s.scope === 'user' || o.projectTrusted))) return { warnings: [] };
  const sources: HooksSource[] = [
    ...o.layers,
    ...o.settings.filter((s) => s.settings?.hooks !== undefined).map((s) => ({ file: s.file, scope: s.scope, hooks: s.settings?.hooks })),
  ];
  const loaded = loadHooks(sources);
  if (loaded.hooks.length === 0 && !o.always) return { warnings: loaded.problems };
  const hooks = new SessionHooks({
    hooks: loaded.hooks, projectTrusted: o.projectTrusted, projectDir: o.projectDir, cwd: o.cwd, sessionId: o.sessionId, transcriptPath: o.transcriptPath,
  });
  return { hooks, warnings: loaded.problems };
}
