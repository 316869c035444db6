// What a run does with an answer the server's length limit cut off: the user is told how far it got, the model is
// told which call was cut, and a cut that leaves no answer never ends the run as a success.
import { formatInt } from '../util/format.js';

export interface LengthCutInput {
  /** Output tokens of the answer when it was cut, as the server counted them (or estimated). */
  outputTokens: number;
  estimated: boolean;
  /** The output limit rein asked for. */
  askedFor: number;
  /** The tool call the cut fell in, left out of the answer. */
  cutCall?: { name: string };
  /** Complete tool calls that run. */
  calls: number;
  hasText: boolean;
  hasThinking: boolean;
  /** Answers before this one in a row that were cut inside a call with no complete call beside it. */
  cutsInARow: number;
}

export interface LengthCut {
  /** One line for the user, unless the error says it all. */
  warning?: string;
  /** For the model, in the next user turn; unset when nothing needs saying or the run ends. */
  note?: string;
  /** The run ends in this error: nothing was said, or the answers keep being cut inside a call. */
  error?: string;
}

/** Answers cut inside a call, with nothing else done, after which the run stops. */
const maxCutsInARow = 3;

/** What stopped the answer: rein's own limit when it got close to it, else the server's. */
function cause(o: LengthCutInput): string {
  if (o.outputTokens >= o.askedFor * 0.9) return `raise "maxTokens" in agent.config.json (it is ${formatInt(o.askedFor)})`;
  return `rein asked for up to ${formatInt(o.askedFor)}, so the server's own output limit or its full context window stopped it`;
}

export function describeLengthCut(o: LengthCutInput): LengthCut {
  const count = o.estimated ? `about ${formatInt(o.outputTokens)} output tokens (estimated: the server sent no count)` : `${formatInt(o.outputTokens)} output tokens`;
  const head = `The answer was cut off by the length limit after ${count}`;
  if (o.cutCall) {
    const name = o.cutCall.name || 'a tool';
    const ran = o.calls > 0 ? `; the ${o.calls === 1 ? 'complete call' : `${o.calls} complete calls`} before it ran` : '';
    if (o.calls === 0 && o.cutsInARow + 1 >= maxCutsInARow) {
      const error = `The model's answers were cut off by the length limit ${maxCutsInARow} times in a row while it wrote a ${name} call (${cause(o)}).`;
      return { warning: `${head}, inside a ${name} call.`, error };
    }
    return {
      warning: `${head}, inside a ${name} call, which did not run${ran}; the model was asked to make it again in smaller pieces.`,
      note: `Your previous answer was cut off by the length limit after ${formatInt(o.outputTokens)} output tokens, while you were writing the arguments of a ${name} call; that call was not run${o.calls > 0 ? ' (the calls before it were)' : ''}. Make it again with less in one call: write a large file as a short first version and add the rest with edit_file, one part per call.`,
    };
  }
  if (o.calls > 0) {
    return {
      warning: `${head}, after its last complete tool call; the calls ran.`,
      note: `Your previous answer was cut off by the length limit after ${formatInt(o.outputTokens)} output tokens, after your last complete tool call; the calls you finished ran. Go on from their results.`,
    };
  }
  if (o.hasText) return { warning: `${head}; ${cause(o)}.` };
  const spentOn = o.hasThinking ? ' (its reasoning took them all)' : '';
  return { error: `${head} before it said anything${spentOn}; ${cause(o)}.` };
}
