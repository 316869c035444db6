// Turns one MCP server tool into a rein tool: its schema as the server gives it (adapted where a provider would
// refuse it), its result as text for the model, and approval by the server's readOnlyHint.
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { withImagePlaceholders } from '../providers/images.js';
import type { ImageContent } from '../protocol/messages.js';
import { textResult, type AnyTool } from '../tools/types.js';
import { type ToolResult } from '../protocol/tools.js';
import type { McpServerLink } from './types.js';
import { errorMessage } from '../util/errors.js';
import { omit } from '../util/omit.js';

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * Both providers want a plain object schema at the top: `type: "object"` is added when missing, `$schema` (which
 * some OpenAI-compatible servers reject) is dropped, and top-level anyOf/oneOf/allOf (which Anthropic rejects) are
 * folded into one object: the branches' properties together, required only what allOf requires. Everything below
 * the top goes to the model as the server wrote it; the server still checks its own schema.
 */
export function adaptInputSchema(schema: Tool['inputSchema']): Record<string, unknown> {
  const { anyOf, oneOf, allOf, ...rest } = omit(schema as Record<string, unknown>, '$schema');
  const properties: Record<string, unknown> = isObject(rest.properties) ? { ...rest.properties } : {};
  const required = new Set(Array.isArray(rest.required) ? (rest.required as unknown[]).filter((r) => typeof r === 'string') : []);
  const branches = [anyOf, oneOf, allOf].filter(Array.isArray) as unknown[][];
  for (const list of branches) {
    const isAllOf = list === allOf;
    for (const branch of list) {
      if (!isObject(branch)) continue;
      if (isObject(branch.properties)) for (const [key, value] of Object.entries(branch.properties)) properties[key] ??= value;
      if (isAllOf && Array.isArray(branch.required)) for (const r of branch.required) if (typeof r === 'string') required.add(r);
    }
  }
  const out: Record<string, unknown> = { ...rest, type: 'object', properties };
  if (required.size > 0) out.required = [...required];
  return out;
}

const kb = (base64: string): string => `${(Math.ceil((base64.length * 3) / 4) / 1024).toFixed(1)} KB`;

/** One content part as text (images are taken apart, see resultToToolResult); audio becomes a one-line placeholder. */
function partText(part: CallToolResult['content'][number]): string {
  switch (part.type) {
    case 'text':
      return part.text;
    case 'image':
      return `[image ${part.mimeType}]`;
    case 'audio':
      return `[audio ${part.mimeType}, ${kb(part.data)}: not passed on, the model receives no audio from MCP tools]`;
    case 'resource_link':
      return `[resource link] ${part.name}: ${part.uri}${part.mimeType ? ` (${part.mimeType})` : ''}${part.description ? ` — ${part.description}` : ''}`;
    case 'resource': {
      const resource = part.resource;
      if ('text' in resource && typeof resource.text === 'string') return `[resource ${resource.uri}]\n${resource.text}`;
      const blob = 'blob' in resource && typeof resource.blob === 'string' ? resource.blob : '';
      return `[resource ${resource.uri}${resource.mimeType ? ` (${resource.mimeType})` : ''}: ${kb(blob)} of binary data, not shown]`;
    }
    default:
      return `[unsupported content type ${(part as { type: string }).type}]`;
  }
}

/**
 * The model's view of a result: text parts joined, images passed on as images (each provider sends them as it can),
 * structured content when there is nothing else.
 */
export function resultToToolResult(result: CallToolResult): ToolResult {
  const all = Array.isArray(result.content) ? result.content : [];
  const images: ImageContent[] = all.flatMap((part) => (part.type === 'image' && typeof part.data === 'string' ? [{ type: 'image' as const, mediaType: part.mimeType, data: part.data }] : []));
  let content = all.filter((part) => part.type !== 'image').map(partText).join('\n');
  if (content.trim() === '' && images.length === 0 && result.structuredContent !== undefined) content = JSON.stringify(result.structuredContent, null, 2);
  if (images.length === 0) return textResult(content, result.isError === true);
  // The screen shows one line per image where the model sees the picture.
  return { ...textResult(content, result.isError === true, withImagePlaceholders(content, images, 'sent to the model')), images };
}

export interface AdaptedToolOptions {
  link: McpServerLink;
  tool: Tool;
  exposedName: string;
  toolTimeoutMs: number;
}

export function adaptMcpTool({ link, tool, exposedName, toolTimeoutMs }: AdaptedToolOptions): AnyTool {
  const description = tool.description?.trim() || tool.title || tool.annotations?.title || `The ${tool.name} tool of MCP server ${link.name}.`;
  return {
    name: exposedName,
    description,
    inputSchema: adaptInputSchema(tool.inputSchema),
    // Anything the server does not mark read-only may change the world: asked in ask and auto-edit modes.
    readOnly: tool.annotations?.readOnlyHint === true,
    // The runner's timeout aborts the signal below, which the SDK turns into notifications/cancelled.
    timeoutMs: toolTimeoutMs,
    async execute(args: Record<string, unknown>, ctx) {
      try {
        const result = await link.callTool(tool.name, args, { signal: ctx.signal, onProgress: ctx.onProgress });
        return resultToToolResult(result);
      } catch (error) {
        return textResult(errorMessage(error), true);
      }
    },
  };
}
