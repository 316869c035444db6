// A vitest reporter that ends the run with what it did not exercise on this machine (see machineTools.ts).
import type { Reporter, Vitest } from 'vitest/node';

export class NotRunReporter implements Reporter {
  private ctx: Vitest | undefined;

  constructor(private readonly lines: readonly string[]) {}

  onInit(ctx: Vitest): void {
    this.ctx = ctx;
  }

  onTestRunEnd(): void {
    for (const line of this.lines) this.ctx?.logger.log(line);
  }
}
