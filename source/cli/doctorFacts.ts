// Gathers what /doctor reports of the session's set-up, known only here where the session is put together.
import type { LoadedConfig } from '../config/index.js';
import type { Env } from '../config/types.js';
import { localKeyPlaceholder } from '../config/apiKey.js';
import { hookEventNames } from '../extensions/hookTypes.js';
import type { SessionHooks } from '../extensions/sessionHooks.js';
import type { ClaudeSettingsFile } from '../permissions/ruleSources.js';
import type { SessionDiagnostics } from '../protocol/diagnostics.js';
import { DEFAULT_BASE_URL as anthropicBase } from '../providers/anthropic.js';
import { DEFAULT_BASE_URL as openaiBase } from '../providers/openai.js';
import { join } from 'node:path';

export interface DoctorFactsInput {
  loaded: LoadedConfig;
  key: { apiKey: string; keyHint: string };
  env: Env;
  reinHome: string;
  settings: ClaudeSettingsFile[];
  hooks: SessionHooks | undefined;
  startupProblems: string[];
  projectTrusted: boolean;
}

/** The key's origin in the order resolveApiKey looks (config, then the provider's variable); at most a masked tail. */
function keySource(i: DoctorFactsInput): SessionDiagnostics['key'] {
  const { apiKey, keyHint } = i.key;
  const tail = apiKey.length >= 12 ? apiKey.slice(-4) : undefined;
  const withTail = (from: string) => ({ from, ...(tail ? { tail } : {}) });
  if (!apiKey) return { from: 'none' };
  if (i.loaded.config.apiKey?.trim() === apiKey) {
    return withTail(i.env.REIN_API_KEY?.trim() === apiKey ? 'REIN_API_KEY' : `"apiKey" in ${join(i.reinHome, 'agent.config.json')}`);
  }
  if (i.env[keyHint]?.trim() === apiKey) return withTail(keyHint);
  if (apiKey === localKeyPlaceholder) return { from: 'none needed (a local server)' };
  return withTail('the session');
}

export function doctorFacts(i: DoctorFactsInput): SessionDiagnostics {
  const config = i.loaded.config;
  return {
    reinHome: i.reinHome,
    configFiles: i.loaded.sources,
    settingsFiles: i.settings.filter((s) => s.settings !== undefined).map((s) => s.file),
    startupProblems: i.startupProblems,
    provider: config.provider,
    baseUrl: config.baseUrl ?? (config.provider === 'anthropic' ? anthropicBase : openaiBase),
    ...(i.loaded.baseUrlFrom ? { baseUrlFrom: i.loaded.baseUrlFrom } : {}),
    key: keySource(i),
    hooks: hookEventNames.map((event) => ({ event, count: i.hooks?.selected(event).length ?? 0 })).filter((h) => h.count > 0),
    projectTrusted: i.projectTrusted,
  };
}
