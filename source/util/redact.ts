// Replaces secrets with [redacted] before text is written to disk: the API key, secret-looking environment values, token shapes.

const tokenShapes = [
  /sk-ant-[A-Za-z0-9_-]{8,}/g,
  /sk-[A-Za-z0-9_-]{16,}/g,
  /gh[pousr]_[A-Za-z0-9]{20,}/g,
  /github_pat_[A-Za-z0-9_]{20,}/g,
  /AKIA[0-9A-Z]{16}/g,
];
const secretName = /(_KEY|_TOKEN|_SECRET)$|PASSWORD/i;
/** Shorter values are too likely to be ordinary words or numbers to cut out everywhere. */
const minimumLength = 6;

let secrets: string[] | undefined;

function collect(env: NodeJS.ProcessEnv): string[] {
  return Object.entries(env)
    .filter(([name, value]) => secretName.test(name) && typeof value === 'string' && value.length >= minimumLength)
    .map(([, value]) => value as string);
}

/** Adds values to hide (the configured API key); secret environment values are collected on first use. */
export function addSecrets(...values: (string | undefined)[]): void {
  secrets ??= collect(process.env);
  for (const value of values) if (value && value.length >= minimumLength && !secrets.includes(value)) secrets.push(value);
  // Longest first, so a secret that contains another is cut whole.
  secrets.sort((a, b) => b.length - a.length);
}

/** For tests: forget collected secrets and read them from `env`. */
export function resetSecrets(env: NodeJS.ProcessEnv = process.env): void {
  secrets = collect(env).sort((a, b) => b.length - a.length);
}

export function redactSecrets(text: string): string {
  secrets ??= collect(process.env).sort((a, b) => b.length - a.length);
  let out = text;
  for (const secret of secrets) {
    if (out.includes(secret)) out = out.split(secret).join('[redacted]');
    // Inside JSON a secret with quotes or backslashes appears escaped.
    const escaped = JSON.stringify(secret).slice(1, -1);
    if (escaped !== secret && out.includes(escaped)) out = out.split(escaped).join('[redacted]');
  }
  for (const shape of tokenShapes) out = out.replace(shape, '[redacted]');
  return out;
}
