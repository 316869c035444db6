// Public face of rein's configuration: loading, validation errors, tool names and API key lookup.
export type { Env, ReinConfig } from './types.js';
export { ConfigError } from './errors.js';
export { knownToolNames } from './schema.js';
export { loadConfig, type LoadConfigOptions, type LoadedConfig } from './load.js';
export { resolveReinHome } from './paths.js';
export { defaultModels } from './defaults.js';
export { resolveApiKey, apiKeyEnvVar } from './apiKey.js';
