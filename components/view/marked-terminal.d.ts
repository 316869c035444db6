// Local types for marked-terminal, which ships none: only the extension factory rein uses.
declare module 'marked-terminal' {
  import type { MarkedExtension } from 'marked';

  export interface TerminalRendererOptions {
    width?: number;
    reflowText?: boolean;
    showSectionPrefix?: boolean;
    tab?: number;
    emoji?: boolean;
    unescape?: boolean;
    heading?: (text: string) => string;
    firstHeading?: (text: string) => string;
    /** Handed to cli-table3 for every table (the same object each time). */
    tableOptions?: Record<string, unknown>;
  }

  export function markedTerminal(options?: TerminalRendererOptions, highlightOptions?: Record<string, unknown>): MarkedExtension;
}
