// Global setup: under CI a missing tmux or bubblewrap fails the run, so CI never passes with tests left out.
import { ciProblems, isCi, machineTools } from './machineTools.js';

export default function requireTools(): void {
  if (!isCi()) return;
  const problems = ciProblems(machineTools());
  if (problems.length > 0) throw new Error(problems.join(' '));
}
