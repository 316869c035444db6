// The question rein asks before a session uses anything a project brings: where its requests would go, settings that
// widen what rein may do, MCP servers, hooks and imports from outside it; then Trust this project / Don't trust.
import { isAbsolute, relative } from 'node:path';
import { Box, Text } from 'ink';
import type { TrustItem, TrustItemKind, TrustRequest } from '../source/trust/request.js';
import { trustChoices, type TrustKeyState } from '../hooks/trustKeys.js';
import { paint, sanitize, wrapText } from './view/style.js';
import { Lines } from './Lines.js';

export interface TrustDialogProps {
  request: TrustRequest;
  state: TrustKeyState;
  width: number;
  /** Most rows the dialog may take; the list scrolls to fit. */
  maxHeight: number;
}

const kindLabel: Record<TrustItemKind, string> = { endpoint: 'endpoint', setting: 'setting', mcp: 'MCP server', hook: 'hook', import: 'import' };

function trustTitle(request: TrustRequest): string {
  return request.changed ? 'This project changed since you last answered. Trust it?' : 'Trust this project?';
}

/** The file as seen from the project, or as written when it lies elsewhere. */
function shownFile(file: string, projectDir: string): string {
  const inside = relative(projectDir, file);
  return inside && !inside.startsWith('..') && !isAbsolute(inside) ? inside : file;
}

function itemRows(item: TrustItem, projectDir: string, width: number): string[] {
  const file = paint('dim', sanitize(shownFile(item.file, projectDir)));
  if (item.kind === 'endpoint') return wrapText(`${paint('bold', `⚠ ${sanitize(item.definition)}`)}  ${file}`, width);
  if (item.kind === 'setting') return wrapText(`${kindLabel.setting} ${paint('bold', sanitize(item.definition))}  ${file}`, width);
  return [
    ...wrapText(`${kindLabel[item.kind]} ${paint('bold', sanitize(item.name))}  ${file}`, width),
    ...wrapText(`  ${item.kind === 'import' ? '→' : '$'} ${sanitize(item.definition)}`, width),
  ];
}

/** Every item's rows, where requests go first. */
function trustBody(request: TrustRequest, width: number): string[] {
  return request.items.flatMap((item) => itemRows(item, request.projectDir, width));
}

const warning = 'Trusted, these run code on your machine and widen what rein may do here. Your answer is remembered for this project.';

/** Border (2), title, the warning as wrapped at this width, the choices. */
const chromeRows = (inner: number) => 4 + wrapText(warning, inner).length;

export interface TrustFit {
  height: number;
  /** Body rows shown at once. */
  room: number;
  maxScroll: number;
}

export function trustFit(request: TrustRequest, width: number, maxHeight: number): TrustFit {
  const inner = Math.max(1, width - 4);
  const body = trustBody(request, inner).length;
  const chrome = chromeRows(inner);
  const room = Math.max(0, Math.min(body, maxHeight - chrome));
  return { height: Math.min(maxHeight, chrome + room), room, maxScroll: Math.max(0, body - room) };
}

export function TrustDialog({ request, state, width, maxHeight }: TrustDialogProps) {
  const inner = Math.max(1, width - 4);
  const body = trustBody(request, inner);
  const fit = trustFit(request, width, maxHeight);
  const scroll = Math.min(state.scroll, fit.maxScroll);
  const shown = body.slice(scroll, scroll + fit.room);
  const more = fit.maxScroll > 0 ? `  (${scroll + shown.length}/${body.length} rows · PgUp/PgDn)` : '';
  return (
    <Box flexDirection="column" borderStyle="round" borderColor="yellow" paddingX={1} width={width} height={fit.height} flexShrink={0} overflow="hidden">
      <Text bold wrap="truncate-end">
        {trustTitle(request)} <Text dimColor>{sanitize(request.projectDir)}{more}</Text>
      </Text>
      <Lines lines={shown} width={inner} />
      <Lines lines={wrapText(paint('dim', warning), inner)} width={inner} />
      <Text wrap="truncate-end">
        {trustChoices.map((choice, i) => (
          <Text key={choice} inverse={i === state.selected} color={i === state.selected ? 'cyan' : undefined}>
            {` ${choice} `}
          </Text>
        ))}
        <Text dimColor>{width >= 80 ? "  y / n · ←→ Enter · Esc don't trust" : '  y / n · Esc'}</Text>
      </Text>
    </Box>
  );
}
