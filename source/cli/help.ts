// The text of `rein --help`.

export const helpText = `rein — a terminal coding agent

Usage:
  rein                      open the full-screen session in this directory
  rein "task"               open it with this first message sent
  rein -p "task"            run one task headless and print the answer
  rein -p - < task.txt      read the headless prompt from standard input (so does a bare -p)
  rein --continue           pick up the latest session in this directory (works with -p too)
  rein mcp <command>        manage MCP servers: list, get, add, remove; serve rein's tools (rein mcp --help)
  rein sessions <command>   saved sessions: list, export <id> --format md (rein sessions --help)
  rein acp [options]        serve editors over the Agent Client Protocol on stdio (Zed and others)

Options:
  -p, --print <prompt>        run headless with this prompt ('-' reads standard input)
      --provider <name>       anthropic | openai (any OpenAI-compatible server)
  -m, --model <name>          model name, e.g. claude-sonnet-5-5, gpt-4.1, deepseek-chat
      --fallback-model <m>    with -p: models to try, in order (comma-separated), when the model is overloaded or unavailable
      --base-url <url>        API root: http://host:port for Anthropic, http://host:port/v1 for OpenAI-compatible
      --permission-mode <m>   ask | auto-edit | plan | yolo, or Claude Code's default | acceptEdits | plan |
                              bypassPermissions | dontAsk (deny what would ask); TUI default ask, headless default yolo
      --dangerously-skip-permissions  the same as --permission-mode yolo
      --permission-prompt-tool <t>  with -p: the MCP tool (mcp__server__tool) that decides what would ask
      --allowedTools <rules…>  allow these without asking, e.g. "Bash(npm test:*)" Read (takes the words that follow)
      --disallowedTools <r…>  deny these, in every mode, e.g. "Bash(git push:*)" (takes the words that follow)
      --add-dir <dirs…>       more folders the file tools may read and write (takes the words that follow)
      --settings <f|json>     a Claude Code settings file, or its JSON, read as your own (~/.claude/settings.json)
      --agents <json>         more subagents, in Claude Code's shape: {"name": {"description": …, "prompt": …}}
      --max-turns <n>         stop after n model turns (0 = unlimited, default 50)
      --max-budget-usd <n>    stop a run once the session's spend passes n US dollars (models with a known price only)
      --thinking <t>          reasoning: off | low | medium | high, or a thinking-token budget such as 8000
      --output-format <f>     headless output: text | json | stream-json (Claude Code's) | rein-events (rein's own)
      --include-partial-messages  with stream-json: the model's stream as stream_event lines
      --verbose               with -p: json prints every message as an array; text shows progress on stderr
      --json-schema <schema>  with -p: the answer is an object valid against this JSON schema (structured_output)
      --input-format <f>      headless input: text | stream-json (user messages as JSON lines on standard input)
      --system-prompt <text>  replace rein's built-in instructions with this text (environment and project facts stay)
      --system-prompt-file <path>  the same, read from a file
      --append-system-prompt <text>  add this text at the end of the system prompt
      --record <file>         record every model call (request hashes, streamed events, timing) as JSON lines
      --replay <file>         answer from a recording instead of a provider: no key, no network
      --replay-speed <n>      replay n times faster than recorded (0 = at once; default 1)
      --replay-tools <t>      real (run the tools again, the default) or recorded (their recorded results, nothing runs)
      --sandbox               run bash commands under bubblewrap: workspace writable, the rest read-only, no network
      --team                  with -p: a planner, parallel workers and a reviewer take the task on together
      --mcp-config <files…>   MCP servers for this run, files or JSON in .mcp.json's format ({"mcpServers": {...}})
      --strict-mcp-config     use only the --mcp-config servers, none from settings or the project
      --trust-mcp             start this project's MCP servers (.mcp.json, ./agent.config.json) without asking
      --trust-project         trust this project for this run: its settings, hooks and MCP servers apply without asking
  -c, --continue              resume the latest session started in this directory
  -r, --resume <id>           resume the session with this id (a unique prefix is enough)
      --session-id <uuid>     start the session under this id (a UUID not used before)
      --fork-session          with --continue or --resume: continue under a new session id, leaving the old one as it was
      --no-session-persistence  with -p: keep no session log (the session cannot be resumed)
  -d, --debug [filter]        write a debug log ($REIN_HOME/debug/<session>.txt); filter by category: api,tools,!mcp
  -v, --version               print the version
  -h, --help                  print this help

Keys come from ANTHROPIC_API_KEY, OPENAI_API_KEY or DEEPSEEK_API_KEY, or "apiKey" in agent.config.json.
Exit codes: 0 success, 1 the run ended in an error, 2 bad usage or configuration.`;
