// The error for bad command-line usage: one plain sentence, exit code 2.
export class UsageError extends Error {}
