// The grammars a code fence is highlighted with. A file of its own: cli-highlight, which the comparison tests import,
// registers every grammar on the same highlight.js instance.
import { describe, expect, it } from 'vitest';
import { highlight } from '../../components/view/highlight.js';

describe('highlight languages', () => {
  it('knows the languages code is commonly written in, by their usual fence names, and not the rare ones', () => {
    for (const name of ['ts', 'tsx', 'js', 'jsx', 'sh', 'zsh', 'py', 'yml', 'dockerfile', 'rs', 'kt', 'cs', 'c++', 'hs', 'elixir', 'toml', 'html']) {
      expect(() => highlight('x = 1', { language: name }), name).not.toThrow();
    }
    // A rare grammar (135 KB of source) is not loaded: its fence shows in the plain code style.
    expect(() => highlight('Plot[Sin[x], {x, 0, Pi}]', { language: 'mathematica' })).toThrow();
  });
});
