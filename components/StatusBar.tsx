// The bottom line: model, provider, permission mode, context used, tokens, cache hits, cost, directory and branch.
import React from 'react';
import { statusLine, type StatusLineInput } from './view/bottomLines.js';
import { Lines } from './Lines.js';

export type StatusBarProps = StatusLineInput;

export const StatusBar = React.memo(function StatusBar(props: StatusBarProps) {
  return <Lines lines={[statusLine(props)]} width={props.width} />;
});
