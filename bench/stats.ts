// Small statistics and formatting helpers for the benchmark report.

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

export const ms = (value: number): string => `${value.toFixed(value < 10 ? 1 : 0)} ms`;
export const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
export const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

export function row(label: string, value: string, target?: string): string {
  return `  ${label.padEnd(50)} ${value.padStart(12)}${target ? `   (target ${target})` : ''}`;
}
