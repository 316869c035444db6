// Replays the render bench's streamed answer through the full-screen pipeline in process, one frame per 26
// characters (about what a 33 ms frame brings at 200 tokens/s): transcript layout, the viewport, the frame plan
// and its encoding, each timed. Run bundled by bench/frames.ts; prints one JSON line per round.
import { loadMarkdown } from '../components/view/markdown.js';
import { sliceViewport } from '../components/view/transcriptLines.js';
import { TranscriptView } from '../components/view/transcriptView.js';
import { encodePlan, planFrame } from '../components/screen/framePlan.js';
import type { AssistantItem, TranscriptItem, UserItem } from '../source/store/state.js';
import { streamedAnswer } from './renderContent.js';

export const charsPerFrame = 26;
const width = 90;
const height = 36;

export interface RoundFigures {
  frames: number;
  /** Microseconds per frame. */
  layout: number;
  plan: number;
  encode: number;
  bytesPerFrame: number;
}

function round(answer: string): RoundFigures {
  const view = new TranscriptView();
  const user: UserItem = { kind: 'user', id: 'u', done: true, text: 'summarise the render pipeline' };
  let screen: string[] = new Array<string>(height + 4).fill('');
  let layoutMs = 0;
  let planMs = 0;
  let encodeMs = 0;
  let bytes = 0;
  let frames = 0;
  for (let end = charsPerFrame; end < answer.length + charsPerFrame; end += charsPerFrame) {
    const item: AssistantItem = { kind: 'assistant', id: 'a', done: false, runId: 'r', text: answer.slice(0, end), thinking: '', expanded: false };
    const items: TranscriptItem[] = [user, item];
    let at = performance.now();
    const layout = view.layout({ items, trimmedCount: 0, width, spinner: '⠋', markdownVersion: 1, minLines: height });
    // The rows below the transcript: a status line whose token count moves every frame, as the app's does.
    const rows = sliceViewport(layout, height, 0).concat(['', `  ⠋ Working · 12s · ↓ ${frames * 7} tokens`, '', '']);
    layoutMs += performance.now() - at;
    at = performance.now();
    const plan = planFrame(screen, rows);
    planMs += performance.now() - at;
    at = performance.now();
    bytes += encodePlan(plan, screen, 120).length;
    encodeMs += performance.now() - at;
    screen = rows;
    frames++;
  }
  const us = (ms: number): number => (ms / frames) * 1000;
  return { frames, layout: us(layoutMs), plan: us(planMs), encode: us(encodeMs), bytesPerFrame: bytes / frames };
}

process.env.FORCE_COLOR = '2';
await loadMarkdown();
const answer = streamedAnswer(12 * 1024);
const rounds = Number(process.env.REIN_FRAMES_ROUNDS ?? 10);
for (let i = 0; i < rounds; i++) process.stdout.write(`${JSON.stringify(round(answer))}\n`);
