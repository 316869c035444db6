// --json-schema: the gate that ends a run once the model has called StructuredOutput with a valid object (or kept failing to).
import type { ToolResultBlock, ToolUseBlock } from '../protocol/messages.js';
import { structuredOutputToolName } from '../tools/structuredOutput.js';
import type { RunEndReason } from '../protocol/events.js';

/** Invalid outputs a run may give before it ends (Claude Code stops after five, measured). */
const maxStructuredOutputAttempts = 5;

/** One run's watch on the tool: the value once given, the failures counted, and one reminder when the model forgets. */
export class StructuredOutputGate {
  value: unknown;
  private failures = 0;
  private reminded = false;
  private readonly accepted = new Map<string, Record<string, unknown>>();

  /** The tool's arguments as the schema check left them, kept by call id. */
  accept(toolCallId: string, value: Record<string, unknown>): void {
    this.accepted.set(toolCallId, value);
  }

  /** After a tool round: the reason to end the run now, or undefined to go on. */
  afterRound(calls: readonly ToolUseBlock[], results: readonly ToolResultBlock[]): { reason: RunEndReason; error?: string } | undefined {
    for (const call of calls) {
      if (call.name !== structuredOutputToolName) continue;
      const result = results.find((r) => r.toolUseId === call.id);
      const value = this.accepted.get(call.id);
      if (result && !result.isError && value !== undefined) {
        this.value = value;
        return { reason: 'done' };
      }
      this.failures += 1;
    }
    if (this.failures >= maxStructuredOutputAttempts) {
      return { reason: 'structured_output_retries', error: `Failed to provide valid structured output after ${maxStructuredOutputAttempts} attempts` };
    }
    return undefined;
  }

  /** When the model answers without the tool: the reminder to send, once; after that the run ends as it is. */
  missing(): string | undefined {
    if (this.value !== undefined || this.reminded) return undefined;
    this.reminded = true;
    return `You MUST call the ${structuredOutputToolName} tool to complete this request. Call this tool now.`;
  }
}
