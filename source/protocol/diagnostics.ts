// What the entry point knows of a session's set-up that /doctor reports: config files, the key's origin, the endpoint, hooks.

export interface SessionDiagnostics {
  reinHome: string;
  /** rein's config files read at start, lowest layer first. */
  configFiles: string[];
  /** Claude Code settings files read at start (permissions, hooks). */
  settingsFiles: string[];
  /** Problems found at start that did not stop it (a refused project setting, a hook entry left out), one sentence each. */
  startupProblems: string[];
  provider: string;
  /** The endpoint requests go to (the provider's default when none is configured). */
  baseUrl: string;
  /** Where it was set ("REIN_BASE_URL", "`baseUrl` in …"); unset for the default. */
  baseUrlFrom?: string;
  /** Where the API key came from (a variable's name or a file), and its last four characters; never the key. */
  key: { from: string; tail?: string };
  /** Hooks that run, per event. */
  hooks: { event: string; count: number }[];
  /** The project is trusted (its hooks, MCP servers and widening settings apply). */
  projectTrusted: boolean;
}
