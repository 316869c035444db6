// Context windows of known models, so the budget and the status bar know how full the context is, and the models
// that are being retired, so rein can say so in its own words.

const windows: Array<[RegExp, number]> = [
  // Claude 5 and later (Sonnet, Opus, Haiku 5.x, Fable, Mythos) have a 1M window; Claude 4.x and older 200k.
  [/^claude-(opus|sonnet|haiku)-[5-9]/, 1_000_000],
  [/^claude-(fable|mythos)/, 1_000_000],
  [/^claude/, 200_000],
  [/^gpt-4\.1/, 1_047_576],
  [/^gpt-5/, 400_000],
  [/^gpt-4o/, 128_000],
  [/^o[134]/, 200_000],
  [/^deepseek/, 128_000],
  [/^qwen/, 131_072],
];

const fallbackContextWindow = 128_000;

/** Whether a name belongs to a model family rein knows (a name that does not may still be one a provider serves). */
export function isKnownModel(model: string): boolean {
  return !/[\s/]/.test(model.replace(/^[\w.-]+\//, '')) && windows.some(([pattern]) => pattern.test(bareName(model)));
}

const bareName = (model: string): string => model.toLowerCase().replace(/^.*\//, '');

export function contextWindowFor(model: string): number {
  const name = bareName(model);
  return windows.find(([pattern]) => pattern.test(name))?.[1] ?? fallbackContextWindow;
}

/** Anthropic models past or near their end of life, with the date the API stops serving them. */
const retiredModels: Readonly<Record<string, string>> = {
  'claude-sonnet-4-5': 'November 30th, 2026',
  'claude-sonnet-4-5-20250929': 'November 30th, 2026',
  'claude-opus-4-5': 'January 22nd, 2027',
  'claude-opus-4-5-20251101': 'January 22nd, 2027',
  'claude-mythos-preview': 'June 30th, 2026',
};

/** One sentence for a model that is being retired, or undefined for a current one. */
export function retirementNotice(model: string): string | undefined {
  const date = retiredModels[bareName(model)];
  return date ? `The model ${model} reaches its end of life on ${date}; choose a current one with /model or --model (for example claude-sonnet-5-5).` : undefined;
}
