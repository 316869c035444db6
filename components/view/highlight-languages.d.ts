/// <reference types="highlight.js" />
// Local types for highlight.js's grammar files (its own declare them without the extension NodeNext needs);
// the reference brings in its declarations of highlight.js/lib/core.js.
declare module 'highlight.js/lib/languages/*.js' {
  import type hljs from 'highlight.js/lib/core.js';

  const language: Parameters<typeof hljs.registerLanguage>[1];
  export default language;
}
