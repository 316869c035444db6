// The forms a headless run's output takes on stdout.
export type OutputFormat = 'text' | 'json' | 'stream-json' | 'rein-events';
