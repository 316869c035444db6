// Asks once whether to start what a project brings (its MCP servers and hooks): each item's name, file and what it runs,
// then Trust and start / Don't start. The answer is remembered for the project and this set of items.
import React from 'react';
import { isAbsolute, relative } from 'node:path';
import { Box, Text } from 'ink';
import type { TrustItemKind, TrustRequest } from '../source/store/trust.js';
import { trustChoices } from '../hooks/trustKeys.js';
import { paint, sanitize, wrapText } from './lines/style.js';
import { Lines } from './Lines.js';

export interface TrustDialogProps {
  request: TrustRequest;
  /** Index into trustChoices. */
  selected: number;
  width: number;
  /** Most rows the dialog may take; the list is cut to fit. */
  maxHeight: number;
}

const kindLabel: Record<TrustItemKind, { one: string; many: string }> = {
  mcp: { one: 'MCP server', many: 'MCP servers' },
  hook: { one: 'hook', many: 'hooks' },
};

/** "Trust this project's MCP servers?", naming each kind the request holds. */
export function trustTitle(request: TrustRequest): string {
  const kinds = [...new Set(request.items.map((i) => i.kind))];
  const what = kinds.map((k) => (request.items.filter((i) => i.kind === k).length === 1 ? kindLabel[k].one : kindLabel[k].many)).join(' and ');
  return `Trust this project's ${what}?`;
}

/** The file as seen from the project, or as written when it lies elsewhere. */
function shownFile(file: string, projectDir: string): string {
  const inside = relative(projectDir, file);
  return inside && !inside.startsWith('..') && !isAbsolute(inside) ? inside : file;
}

/** Two or more rows per item: kind, name and file, then what it runs. */
export function trustBody(request: TrustRequest, width: number): string[] {
  return request.items.flatMap((item) => [
    ...wrapText(`${kindLabel[item.kind].one} ${paint('bold', sanitize(item.name))}  ${paint('dim', sanitize(shownFile(item.file, request.projectDir)))}`, width),
    ...wrapText(`  $ ${sanitize(item.definition)}`, width),
  ]);
}

/** Border (2), title, the warning, the choices. */
const chromeRows = 5;

export function trustDialogHeight(request: TrustRequest, width: number, maxHeight: number): number {
  return Math.min(maxHeight, chromeRows + trustBody(request, Math.max(1, width - 4)).length);
}

export function TrustDialog({ request, selected, width, maxHeight }: TrustDialogProps) {
  const inner = Math.max(1, width - 4);
  const body = trustBody(request, inner);
  const room = Math.max(0, maxHeight - chromeRows);
  const shown = body.length > room ? [...body.slice(0, Math.max(0, room - 1)), paint('dim', `… ${body.length - room + 1} more lines`)] : body;
  return (
    <Box flexDirection="column" borderStyle="round" borderColor="yellow" paddingX={1} width={width} height={Math.min(maxHeight, chromeRows + shown.length)} flexShrink={0} overflow="hidden">
      <Text bold wrap="truncate-end">
        {trustTitle(request)} <Text dimColor>{sanitize(request.projectDir)}</Text>
      </Text>
      <Lines lines={room > 0 ? shown.slice(0, room) : []} width={inner} />
      <Text dimColor wrap="truncate-end">
        They run code from this project on your machine; your answer is remembered for this project.
      </Text>
      <Text wrap="truncate-end">
        {trustChoices.map((choice, i) => (
          <Text key={choice} inverse={i === selected} color={i === selected ? 'cyan' : undefined}>
            {` ${choice} `}
          </Text>
        ))}
        <Text dimColor>  y / n · ←→ Enter · Esc don't start</Text>
      </Text>
    </Box>
  );
}
