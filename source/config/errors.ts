// The one error type configuration loading throws; the CLI turns it into exit code 2.

export class ConfigError extends Error {
  readonly exitCode = 2;
  /** The config file at fault, when the problem is in a file. */
  readonly file?: string;

  constructor(message: string, file?: string) {
    super(message);
    this.name = 'ConfigError';
    if (file !== undefined) this.file = file;
  }
}
