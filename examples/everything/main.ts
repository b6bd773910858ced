// The conformance suite's server fixture on generated code only, declared with the factories:
// one definition set serves the 2026-07-28 (stateless) and 2025-11-25 (sessions) eras.
// `--port PORT` serves http://127.0.0.1:PORT/mcp; without it, stdio.
import { createServer, tool, type McpServer } from "../gen/index.js";
import { serve, stateSecret } from "../shared/serve.js";
import { PROMPTS, RESOURCES, TEMPLATES } from "./content.js";
import { TOOLS } from "./tools.js";

let server: McpServer | undefined;

const triggers = [
  tool("test_trigger_tool_change", { description: "Publishes tools/list_changed to listening clients" }, () => (server?.notify.toolsListChanged(), "tools_list_changed published")),
  tool("test_trigger_prompt_change", { description: "Publishes prompts/list_changed to listening clients" }, () => (server?.notify.promptsListChanged(), "prompts_list_changed published")),
];

server = createServer({
  serverInfo: { name: "mcp-gen-conformance-everything", version: "1.0.0" },
  // tools, resources, prompts and completions follow from what is registered; these are the extras.
  capabilities: { resources: { subscribe: true }, logging: {} },
  tools: [...TOOLS, ...triggers],
  resources: RESOURCES,
  resourceTemplates: TEMPLATES,
  prompts: PROMPTS,
  stateSecret: stateSecret(),
});

await serve(server);
