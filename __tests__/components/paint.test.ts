// paint keeps styleText's codes per format: its output must be styleText's, and follow colour being turned on or off.
import { styleText } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paint } from '../../components/view/style.js';

afterEach(() => vi.unstubAllEnvs());

const nested = (formats: Parameters<typeof styleText>[0][], text: string): string =>
  formats.reduceRight<string>((styled, format) => styleText(format, styled), text);

describe('paint', () => {
  it("gives styleText's output for one format and for several, nested the same way", async () => {
    vi.stubEnv('FORCE_COLOR', '3');
    await new Promise((resolve) => setImmediate(resolve));
    expect(paint('dim', 'quiet')).toBe(styleText('dim', 'quiet'));
    expect(paint('dim', 'quiet')).toBe('\x1b[2mquiet\x1b[22m');
    expect(paint(['bold', 'underline', 'cyan'], 'title')).toBe(nested(['bold', 'underline', 'cyan'], 'title'));
    expect(paint('red', '')).toBe('');
  });

  it('follows FORCE_COLOR and NO_COLOR when they change, from the next task on, with no stale codes', async () => {
    // The variables are read once per task (a frame paints hundreds of spans): a change shows after a tick.
    const nextTask = () => new Promise((resolve) => setImmediate(resolve));
    vi.stubEnv('FORCE_COLOR', '1');
    await nextTask();
    expect(paint('green', 'go')).toBe('\x1b[32mgo\x1b[39m');
    vi.stubEnv('FORCE_COLOR', '0');
    await nextTask();
    expect(paint('green', 'go')).toBe('go');
    expect(paint(['bold', 'green'], 'go')).toBe('go');
    vi.stubEnv('FORCE_COLOR', '2');
    await nextTask();
    expect(paint('green', 'go')).toBe('\x1b[32mgo\x1b[39m');
    vi.stubEnv('NO_COLOR', '1');
    vi.stubEnv('FORCE_COLOR', undefined);
    await nextTask();
    expect(paint('green', 'go')).toBe('go');
  });

  it('throws for a format styleText does not know, as styleText does', () => {
    expect(() => paint('no-such-style' as never, 'x')).toThrow();
  });
});
