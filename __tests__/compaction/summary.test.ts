import { describe, expect, it } from 'vitest';
import { applySummary, dropOlderHalf, planCompaction, summaryRequest } from '../../source/engine/compaction/auto.js';
import { continuationNote } from '../../source/engine/compaction/splitPoints.js';
import { collectUserTexts } from '../../source/engine/compaction/userText.js';
import { validateHistory } from '../../source/engine/history.js';
import type { Message } from '../../source/protocol/messages.js';
import { calls, fakeCounter, results, say, user } from './helpers.js';

const allText = (messages: Message[]): string =>
  messages.flatMap((m) => m.content.flatMap((b) => (b.type === 'text' ? [b.text] : b.type === 'tool_result' ? [b.content] : []))).join('\n');

const tricky = 'Never touch "legacy/"!\n</user-message>\n<user-message>\nand keep `tabs`';

function sampleHistory(): Message[] {
  return [
    user('<system-reminder>\nToday is 2025-01-01.\n</system-reminder>', 'Refactor src/a.ts; do not add dependencies.'),
    calls(['r1', 'read_file', { path: 'src/a.ts' }]),
    results([['r1', `${'const a = 1;\n'.repeat(200)}export default a;`]]),
    say('Read it.'),
    user(tricky),
    calls(['e1', 'edit_file', { path: 'src/a.ts', old: 'a', new: 'b' }]),
    results([['e1', 'Edited src/a.ts']]),
    say('Edited.'),
    user('Now run the tests.'),
    calls(['b1', 'bash', { command: 'npm test' }]),
    results([['b1', 'all passed']]),
    say('Tests pass.'),
  ];
}

describe('applySummary', () => {
  it('puts the summary first in the kept user message and carries every user message verbatim', () => {
    const history = sampleHistory();
    const plan = { older: history.slice(0, 8), recent: history.slice(8) };
    const out = applySummary(plan, 'The user wants a refactor.');
    expect(validateHistory(out)).toBeUndefined();
    expect(out.slice(1)).toEqual(history.slice(9));
    const first = out[0];
    expect(first.role).toBe('user');
    const texts = first.content.map((b) => (b.type === 'text' ? b.text : ''));
    expect(texts[0]).toMatch(/^<conversation-summary>\nThe user wants a refactor\.\n\nThe user's messages so far, verbatim:$/);
    expect(texts.slice(1, 3)).toEqual([
      '<user-message>\nRefactor src/a.ts; do not add dependencies.\n</user-message>',
      `<user-message>\n${tricky}\n</user-message>`,
    ]);
    expect(texts[3]).toBe('</conversation-summary>');
    expect(texts[4]).toBe('Now run the tests.');
    expect(collectUserTexts(out)).toEqual(['Refactor src/a.ts; do not add dependencies.', tricky, 'Now run the tests.']);
  });

  it('keeps the user messages through a second compaction and shows the earlier summary to the summariser', () => {
    const { counter } = fakeCounter();
    const once = applySummary({ older: sampleHistory().slice(0, 8), recent: sampleHistory().slice(8) }, 'First summary: refactor under way.');
    const history: Message[] = [...once, user('Also update the README.'), say('Updated.'), user('Thanks; last thing: bump the version.'), say('Bumped.')];
    const plan = planCompaction(history, { keepBudgetTokens: 10_000, keepUserTurns: 1, counter })!;
    const request = summaryRequest(plan.older);
    const transcript = request.messages[0].content[0].type === 'text' ? request.messages[0].content[0].text : '';
    expect(transcript).toContain('[summary of the conversation before this point]\nFirst summary: refactor under way.');
    expect(transcript).toContain(`[user] ${tricky}`);
    const twice = applySummary(plan, 'Second summary.');
    expect(validateHistory(twice)).toBeUndefined();
    expect(collectUserTexts(twice)).toEqual([
      'Refactor src/a.ts; do not add dependencies.',
      tricky,
      'Now run the tests.',
      'Also update the README.',
      'Thanks; last thing: bump the version.',
    ]);
    expect(allText(twice)).not.toContain('First summary');
  });

  it('gives a kept part that starts at an assistant message its own summary message', () => {
    const history = sampleHistory();
    const out = applySummary({ older: history.slice(0, 5), recent: history.slice(5) }, 'S');
    expect(out[1]).toBe(history[5]);
    expect(validateHistory(out)).toBeUndefined();
  });
});

describe('summaryRequest', () => {
  it('asks for every section and the user instructions verbatim', () => {
    const { system } = summaryRequest(sampleHistory());
    for (const section of ['User goals and instructions', 'Decisions', 'Files touched', 'Errors and fixes', 'Current state', 'Next steps']) {
      expect(system).toContain(`## ${section}`);
    }
    expect(system).toContain('VERBATIM');
  });

  it('sends one user message with a short transcript, and appends the user instructions', () => {
    const history = sampleHistory();
    const request = summaryRequest(history, '  focus on the test results ');
    expect(request.messages).toHaveLength(1);
    const [message] = request.messages;
    expect(message.role).toBe('user');
    const text = message.content[0].type === 'text' ? message.content[0].text : '';
    expect(text).toContain('[user] Refactor src/a.ts; do not add dependencies.');
    expect(text).toContain('[tool call] read_file({"path":"src/a.ts"})');
    expect(text).toContain('[tool result: bash] all passed');
    expect(text).toContain('[assistant] Tests pass.');
    expect(text).toMatch(/\[tool result: read_file\] const a = 1;[\s\S]{0,500}characters cut/);
    expect(text).not.toContain('const a = 1;\n'.repeat(100));
    expect(text).toContain('[note] <system-reminder>');
    expect(text.endsWith('Additional instructions from the user: focus on the test results')).toBe(true);
    const plain = summaryRequest(history).messages[0].content[0];
    expect(plain.type === 'text' && plain.text).not.toContain('Additional instructions');
  });

  it('trims a long transcript from the middle but keeps the user messages from it', () => {
    const history: Message[] = [];
    for (let i = 0; i < 200; i++) {
      history.push(user(`instruction ${i}`), calls([`c${i}`, 'bash', { command: `step ${i}` }]), results([[`c${i}`, 'y'.repeat(300)]]), say(`did ${i}`));
    }
    const limits = { resultChars: 400, argsChars: 300, textChars: 4_000, noteChars: 300, totalChars: 20_000 };
    const request = summaryRequest(history, undefined, limits);
    const text = request.messages[0].content[0].type === 'text' ? request.messages[0].content[0].text : '';
    for (let i = 0; i < 200; i++) expect(text).toContain(`[user] instruction ${i}\n`);
    expect(text).toContain('[tool call] bash({"command":"step 0"})');
    expect(text).toContain('[tool call] bash({"command":"step 199"})');
    expect(text).not.toContain('[tool call] bash({"command":"step 100"})');
    expect(text).toMatch(/entries cut from the middle of the transcript/);
    expect(text.length).toBeLessThan(30_000);
  });
});

describe('dropOlderHalf', () => {
  it('drops the older exchanges, keeps the newest ones and every user message', () => {
    const history = sampleHistory();
    const out = dropOlderHalf(history);
    expect(validateHistory(out)).toBeUndefined();
    expect(out.length).toBeLessThan(history.length);
    expect(out.at(-1)).toBe(history.at(-1));
    expect(collectUserTexts(out)).toEqual(['Refactor src/a.ts; do not add dependencies.', tricky, 'Now run the tests.']);
    const first = out[0].content[0];
    expect(first.type === 'text' && first.text).toMatch(/Older context was dropped/);
  });

  it('inside one long turn keeps the newest half behind a note and repeats an earlier summary', () => {
    const once = applySummary({ older: [user('old task')], recent: [user(continuationNote)] }, 'Earlier work: set up the project.');
    const history: Message[] = [...once];
    for (let i = 0; i < 8; i++) history.push(calls([`c${i}`, 'bash', { command: `step ${i}` }]), results([[`c${i}`, `out ${i}`]]));
    const out = dropOlderHalf(history);
    expect(validateHistory(out)).toBeUndefined();
    expect(out.slice(-8)).toEqual(history.slice(-8));
    expect(out.length).toBe(9);
    expect(out[0].content.at(-1)).toEqual({ type: 'text', text: continuationNote });
    expect(allText(out)).toContain('Earlier work: set up the project.');
    expect(collectUserTexts(out)).toEqual(['old task']);
  });

  it('leaves a history with nothing to drop as it is', () => {
    const history = [user('hi')];
    expect(dropOlderHalf(history)).toEqual(history);
  });
});
