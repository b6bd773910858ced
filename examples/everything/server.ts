// The conformance suite's server fixture, as a function: main.ts serves it on Node (stdio or
// node:http), examples/deploy/ on Deno, Bun, workerd, Express, Hono and Fastify. Nothing here
// needs a `node:` module, so that a Worker bundle of it carries none.
import { createServer, tasks, tool, type McpServer, type McpStore, type TaskStore } from "../gen/index.js";
import { TASKS_EXTENSION } from "../shared/tasks-extension.js";
import { taskTools } from "./tasks.js";
import { PROMPTS, RESOURCES, TEMPLATES, WATCHED } from "./content.js";
import { SKILLS } from "./skills.js";
import { TOOLS } from "./tools.js";

/** The everything server, sealing request states with `stateSecret` (the same in every process); its tasks in `taskStore` (default: memory), leased for `leaseMs`. */
export function everythingServer(stateSecret: string | undefined, taskStore?: TaskStore, leaseMs?: number): McpServer {
  let server: McpServer | undefined;
  const triggers = [
    tool("test_trigger_tool_change", { description: "Publishes tools/list_changed to listening clients" }, () => (server?.notify.toolsListChanged(), "tools_list_changed published")),
    tool("test_trigger_prompt_change", { description: "Publishes prompts/list_changed to listening clients" }, () => (server?.notify.promptsListChanged(), "prompts_list_changed published")),
    tool("test_trigger_resource_update", { description: `Publishes resources/updated for ${WATCHED} to its subscribers` }, () => (server?.notify.resourceUpdated(WATCHED), "resources_updated published")),
  ];
  server = createServer({
    serverInfo: { name: "mcp-gen-conformance-everything", version: "1.0.0" },
    // tools, resources, prompts and completions follow from what is registered; these are the extras.
    capabilities: { resources: { subscribe: true }, logging: {} },
    tools: [...TOOLS, ...triggers, ...taskTools()],
    resources: [...RESOURCES, ...SKILLS.resources],
    resourceTemplates: TEMPLATES,
    prompts: PROMPTS,
    stateSecret,
    // SEP-2640 skills, and SEP-2663: tools declared with `task` may answer with a task handle.
    extensions: [SKILLS, tasks(TASKS_EXTENSION, { store: taskStore, leaseMs })],
  });
  return server;
}

export type { McpServer, McpStore };
