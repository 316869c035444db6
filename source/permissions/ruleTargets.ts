// How a rule's target meets a call: the host of a URL, domain patterns, MCP server names, anchored protected paths.
import { homedir } from 'node:os';
import { resolve } from 'node:path';

/** The host a URL argument names, lower-cased; undefined when it does not parse. */
export function hostOf(url: unknown): string | undefined {
  try {
    return new URL(String(url)).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  } catch {
    return undefined;
  }
}

/** `example.com` matches that host, `*.example.com` its subdomains, `*` every host. */
export function domainMatches(pattern: string, host: string): boolean {
  if (pattern === '*') return true;
  if (pattern.startsWith('*.')) return host.endsWith(pattern.slice(1));
  return host === pattern;
}

/** Server and tool names as rules write them and as tool names carry them (characters outside [A-Za-z0-9_-] become `_`). */
export const sameServer = (actual: string, written: string) => actual === written || actual.replace(/[^A-Za-z0-9_-]/g, '_') === written;

export function resolveProtected(pattern: string, workspace: string, home?: string): string {
  if (pattern.startsWith('~')) return (home ?? homedir()) + pattern.slice(1);
  if (pattern.startsWith('./')) return `${resolve(workspace)}/${pattern.slice(2)}`;
  return pattern;
}
