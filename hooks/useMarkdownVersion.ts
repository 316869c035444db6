// The markdown renderer's version: 0 until it has loaded (after the first frame is on screen), then 1 and on.
import { useEffect, useState } from 'react';
import { isMarkdownReady, loadMarkdown } from '../components/view/markdown.js';

export function useMarkdownVersion(): number {
  const [version, setVersion] = useState(isMarkdownReady() ? 1 : 0);
  useEffect(() => {
    if (isMarkdownReady()) return;
    // Load the markdown renderer after the first frame is on screen: it costs a few hundred ms.
    let live = true;
    const timer = setTimeout(() => {
      void loadMarkdown().then((ok) => {
        if (ok && live) setVersion((v) => v + 1);
      });
    }, 0);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, []);
  return version;
}
