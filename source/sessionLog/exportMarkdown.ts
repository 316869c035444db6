// A saved session as Markdown, for `/export` and `rein sessions export <id> --format md`: the user's messages, the
// answers, each tool call as a short block and each file change as a diff block.
import type { AgentEvent } from '../protocol/events.js';
import type { MetaRecord } from './records.js';

/** Tool output kept in the export: the head of it, so a long log stays readable. */
const outputLines = 20;

/** A fence longer than any run of backticks inside, so code with ``` in it stays one block. */
function fence(text: string, lang = ''): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const bar = '`'.repeat(longest + 1);
  return `${bar}${lang}\n${text.replace(/\n+$/, '')}\n${bar}`;
}

function head(text: string): string {
  const lines = text.replace(/\n+$/, '').split('\n');
  return lines.length <= outputLines ? lines.join('\n') : `${lines.slice(0, outputLines).join('\n')}\n… ${lines.length - outputLines} more lines`;
}

/** The conversation in `events` (a session log's, oldest first) as Markdown. Subagents' own steps are left out. */
export function exportMarkdown(meta: MetaRecord, events: readonly AgentEvent[]): string {
  const out: string[] = [`# rein session ${meta.sessionId}`, '', `- started: ${meta.startedAt}`, `- directory: ${meta.cwd}`, `- model: ${meta.model} (${meta.provider})`];
  const calls = new Map<string, { name: string; summary: string }>();
  for (const event of events) {
    if ('agentId' in event && event.agentId !== undefined) continue;
    switch (event.type) {
      case 'run_start':
        if (event.prompt !== '') out.push('', '## User', '', event.prompt);
        break;
      case 'message_end': {
        const text = event.message.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('').trim();
        if (text !== '') out.push('', '## Assistant', '', text);
        break;
      }
      case 'tool_start':
        calls.set(event.toolCallId, { name: event.name, summary: event.summary });
        break;
      case 'tool_end': {
        const call = calls.get(event.toolCallId) ?? { name: event.name, summary: '' };
        const title = `**${call.name}**${call.summary ? ` \`${call.summary.replace(/`/g, "'").split('\n')[0]}\`` : ''}${event.result.isError ? ' (failed)' : ''}`;
        const display = event.result.display;
        if (display.kind === 'diff') out.push('', title, '', fence(display.diff, 'diff'));
        else if (display.kind === 'text' && display.text.trim() !== '') out.push('', title, '', fence(head(display.text)));
        else out.push('', title);
        break;
      }
      case 'conversation_cleared':
        out.push('', '---', '', '*A new conversation was started (/clear).*');
        break;
      case 'compaction':
        if (event.level !== 'micro') out.push('', `*The conversation was compacted (${event.tokensBefore} → ${event.tokensAfter} tokens).*`);
        break;
      default:
        break;
    }
  }
  return `${out.join('\n')}\n`;
}
