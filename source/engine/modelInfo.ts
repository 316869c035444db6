// Context windows of known models, so the budget and the status bar know how full the context is.

const windows: Array<[RegExp, number]> = [
  [/^claude-(opus|sonnet)-4/, 200_000],
  [/^claude/, 200_000],
  [/^gpt-4\.1/, 1_047_576],
  [/^gpt-5/, 400_000],
  [/^gpt-4o/, 128_000],
  [/^o[134]/, 200_000],
  [/^deepseek/, 128_000],
  [/^qwen/, 131_072],
];

export const fallbackContextWindow = 128_000;

export function contextWindowFor(model: string): number {
  const name = model.toLowerCase().replace(/^.*\//, '');
  return windows.find(([pattern]) => pattern.test(name))?.[1] ?? fallbackContextWindow;
}
