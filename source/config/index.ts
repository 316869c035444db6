// Public face of rein's configuration: loading, validation errors, tool names and API key lookup.
export type { ConfigFlags, ConfigLayer, Env, ProviderName, ReinConfig } from './types.js';
export { ConfigError } from './errors.js';
export { knownToolNames, providerNames, configLayerSchema } from './schema.js';
export { loadConfig, type LoadConfigOptions, type LoadedConfig } from './load.js';
export { resolveReinHome, configFileName } from './paths.js';
export { defaultModels, deepSeekBaseUrl, deepSeekModel } from './defaults.js';
export { resolveApiKey, apiKeyEnvVar, isLocalUrl, localKeyPlaceholder, type ApiKeyResult } from './apiKey.js';
