// Server prompts as slash commands: their names, positional words mapped onto declared arguments, and a prompt's
// messages turned into the text of one user message.
import type { GetPromptResult, Prompt } from '@modelcontextprotocol/sdk/types.js';
import type { McpPromptCommand } from './types.js';

/** `mcp__<server>__<prompt>` in the characters a slash command takes, lowercase (commands are matched so). */
export function promptCommandName(server: string, prompt: string): string {
  const clean = (part: string): string => part.replace(/[^A-Za-z0-9_-]/g, '_').toLowerCase();
  return `mcp__${clean(server)}__${clean(prompt)}`;
}

export function promptCommands(server: string, prompts: readonly Prompt[]): McpPromptCommand[] {
  return prompts.map((p) => ({
    command: promptCommandName(server, p.name),
    server,
    prompt: p.name,
    ...(p.description ?? p.title ? { description: p.description ?? p.title } : {}),
    arguments: (p.arguments ?? []).map((a) => ({ name: a.name, ...(a.description ? { description: a.description } : {}), required: a.required === true })),
  }));
}

/** Words in order to the declared arguments; the last argument takes the rest of the line. Throws when a required one is missing. */
export function mapPromptArguments(command: McpPromptCommand, args: string): Record<string, string> {
  const declared = command.arguments;
  const words = args.trim() === '' ? [] : args.trim().split(/\s+/);
  const out: Record<string, string> = {};
  declared.forEach((arg, i) => {
    if (i >= words.length) return;
    out[arg.name] = i === declared.length - 1 ? words.slice(i).join(' ') : words[i];
  });
  const missing = declared.filter((a) => a.required && out[a.name] === undefined).map((a) => a.name);
  if (missing.length > 0) {
    const usage = declared.map((a) => (a.required ? `<${a.name}>` : `[${a.name}]`)).join(' ');
    throw new Error(`/${command.command} needs ${missing.join(' and ')}: /${command.command} ${usage}`);
  }
  if (declared.length === 0 && words.length > 0) throw new Error(`/${command.command} takes no arguments.`);
  return out;
}

const kb = (base64: string): string => `${(Math.ceil((base64.length * 3) / 4) / 1024).toFixed(1)} KB`;

/** The prompt's messages as one user message: text as it is, resources inline, media described in a line. */
export function promptMessagesText(result: GetPromptResult): string {
  return result.messages
    .map((message) => {
      const c = message.content;
      const body = (() => {
        switch (c.type) {
          case 'text':
            return c.text;
          case 'resource': {
            const r = c.resource;
            if ('text' in r && typeof r.text === 'string') return `<mcp-resource uri="${r.uri}">\n${r.text}\n</mcp-resource>`;
            return `[binary resource ${r.uri}${r.mimeType ? ` (${r.mimeType})` : ''}, ${kb('blob' in r && typeof r.blob === 'string' ? r.blob : '')}: not shown]`;
          }
          case 'resource_link':
            return `[resource link] ${c.name}: ${c.uri}`;
          case 'image':
          case 'audio':
            return `[${c.type} ${c.mimeType}, ${kb(c.data)}: not shown]`;
          default:
            return '';
        }
      })();
      // A prompt may script an exchange; the assistant's lines are marked so the model reads them as such.
      return message.role === 'assistant' ? `[assistant]\n${body}` : body;
    })
    .filter((text) => text !== '')
    .join('\n\n');
}
