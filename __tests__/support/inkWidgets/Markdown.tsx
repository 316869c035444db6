// Kept for tests only: the Ink drawing of a widget, the reference its row renderer in components/view/ is held to.
// Markdown as terminal lines; while streaming, only text up to the last safe boundary shows.
import React from 'react';
import { markdownToLines, safeMarkdownLength } from '../../../components/view/markdown.js';
import { Lines } from '../../../components/Lines.js';

export interface MarkdownProps {
  text: string;
  width: number;
  /** True while the text is still arriving: the unfinished tail is held back. */
  streaming?: boolean;
}

export function Markdown({ text, width, streaming = false }: MarkdownProps) {
  const visible = streaming ? text.slice(0, safeMarkdownLength(text)) : text;
  return <Lines lines={markdownToLines(visible, width)} width={width} />;
}
