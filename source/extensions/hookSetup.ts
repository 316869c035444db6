// Builds a session's hooks from every place they are configured: agent.config.json layers and Claude Code's settings files.
import type { ClaudeSettingsFile } from '../permissions/ruleSources.js';
import { loadHooks, type HooksSource } from './hookConfig.js';
import type { HttpHookPolicy } from './hookHandlers.js';
import { ifProblem } from './hookIf.js';
import { SessionHooks } from './sessionHooks.js';
import type { HookCommand } from './hookTypes.js';

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
  /** Handlers the program embedding rein gives (the SDK's function hooks): the user's own, run whatever the files say. */
  programHooks?: HookCommand[];
}

/** Undefined hooks when none are configured; warnings for entries left out. */
export function setupHooks(o: SetupHooksOptions): { hooks?: SessionHooks; warnings: string[] } {
  // Claude Code's switch: "disableAllHooks": true in any of its settings files turns every hook off; an untrusted
  // project cannot turn off the user's own.
  const program = o.programHooks ?? [];
  if (o.settings.some((s) => s.settings?.disableAllHooks === true && (s.scope === 'user' || o.projectTrusted))) {
    return program.length > 0 ? { hooks: sessionHooks([], program, o), warnings: [] } : { warnings: [] };
  }
  const sources: HooksSource[] = [
    ...o.layers,
    ...o.settings.filter((s) => s.settings?.hooks !== undefined).map((s) => ({ file: s.file, scope: s.scope, hooks: s.settings?.hooks })),
  ];
  const loaded = loadHooks(sources);
  const problems = [...loaded.problems];
  for (const hook of loaded.hooks) {
    const bad = hook.if === undefined ? undefined : ifProblem(hook.if, o.projectDir);
    if (bad) problems.push(`The ${hook.event} hook "${hook.command}" in ${hook.file} has "if": "${hook.if}", which is not a permission rule (${bad}); it never runs.`);
  }
  if (loaded.hooks.length === 0 && program.length === 0 && !o.always) return { warnings: problems };
  return { hooks: sessionHooks(loaded.hooks, program, o), warnings: problems };
}

function sessionHooks(configured: HookCommand[], program: HookCommand[], o: SetupHooksOptions): SessionHooks {
  return new SessionHooks({
    hooks: [...configured, ...program], projectTrusted: o.projectTrusted, projectDir: o.projectDir, cwd: o.cwd, sessionId: o.sessionId,
    transcriptPath: o.transcriptPath, httpPolicy: httpPolicy(o.settings, o.projectTrusted),
  });
}

/** allowedHttpHookUrls and httpHookAllowedEnvVars, merged over the settings files (a project's once it is trusted). */
function httpPolicy(settings: ClaudeSettingsFile[], projectTrusted: boolean): HttpHookPolicy {
  const lists = (key: string): string[] | undefined => {
    const found = settings
      .filter((s) => s.scope === 'user' || projectTrusted)
      .map((s) => s.settings?.[key])
      .filter((v): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string'));
    return found.length > 0 ? found.flat() : undefined;
  };
  const allowedUrls = lists('allowedHttpHookUrls');
  const allowedEnvVars = lists('httpHookAllowedEnvVars');
  return { ...(allowedUrls ? { allowedUrls } : {}), ...(allowedEnvVars ? { allowedEnvVars } : {}) };
}
