// The built-in tool set, in the order its schemas are sent to the model.
import { bashTool } from './bash.js';
import { bashOutputTool } from './bashOutput.js';
import { editFileTool } from './editFile.js';
import { globTool } from './glob.js';
import { grepTool } from './grep.js';
import { killTaskTool } from './killTask.js';
import { readFileTool } from './readFile.js';
import { todoWriteTool } from './todoWrite.js';
import { webFetchTool } from './webFetch.js';
import { askUserTool } from './askUser.js';
import { exitPlanModeTool } from './exitPlanMode.js';
import type { AnyTool } from './types.js';
import { writeFileTool } from './writeFile.js';

export const builtinTools: AnyTool[] = [
  readFileTool,
  writeFileTool,
  editFileTool,
  globTool,
  grepTool,
  bashTool,
  bashOutputTool,
  killTaskTool,
  todoWriteTool,
  webFetchTool,
  askUserTool,
  exitPlanModeTool,
];

export const builtinToolNames: readonly string[] = builtinTools.map((tool) => tool.name);
