// Kept for tests only: the Ink drawing of a widget, the reference its row renderer in components/view/ is held to.
// The bottom line: model, provider, permission mode, context used, tokens, cache hits, cost, directory and branch.
import React from 'react';
import { statusLine, type StatusLineInput } from '../../../components/view/bottomLines.js';
import { Lines } from '../../../components/Lines.js';

export type StatusBarProps = StatusLineInput;

export const StatusBar = React.memo(function StatusBar(props: StatusBarProps) {
  return <Lines lines={[statusLine(props)]} width={props.width} />;
});
