// Builds a session's hooks from every place they are configured: agent.config.json layers and Claude Code's settings files.
import type { ClaudeSettingsFile } from '../permissions/ruleSources.js';
import { loadHooks, type HooksSource } from './hookConfig.js';
import { SessionHooks } from './sessionHooks.js';
import { HookTrust } from './hookTrust.js';

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
  /** --trust-project. */
  trustProject: boolean;
  interactive: boolean;
  /** Build the hook runner even when no settings file configures a hook: command and agent files bring their own. */
  always?: boolean;
}

/** Undefined hooks when none are configured; warnings for entries left out and for project hooks skipped in a headless run. */
export function setupHooks(o: SetupHooksOptions): { hooks?: SessionHooks; warnings: string[] } {
  // Claude Code's switch: "disableAllHooks": true in any of its settings files turns every hook off.
  if (o.settings.some((s) => s.settings?.disableAllHooks === true)) return { warnings: [] };
  const sources: HooksSource[] = [
    ...o.layers,
    ...o.settings.filter((s) => s.settings?.hooks !== undefined).map((s) => ({ file: s.file, scope: s.scope, hooks: s.settings?.hooks })),
  ];
  const loaded = loadHooks(sources);
  if (loaded.hooks.length === 0 && !o.always) return { warnings: loaded.problems };
  const trust = new HookTrust({ projectDir: o.projectDir, reinHome: o.reinHome, hooks: loaded.hooks, trustProject: o.trustProject });
  const warnings = [...loaded.problems];
  const skipped = o.interactive ? undefined : trust.skippedNotice();
  if (skipped) warnings.push(skipped);
  const hooks = new SessionHooks({
    hooks: loaded.hooks, trust, projectDir: o.projectDir, cwd: o.cwd, sessionId: o.sessionId, transcriptPath: o.transcriptPath,
  });
  return { hooks, warnings };
}
