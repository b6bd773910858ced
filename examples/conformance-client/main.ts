// The client fixture of the MCP conformance suite (@modelcontextprotocol/conformance, client leg),
// written on the generated clients only. The runner starts it as `<command> <server URL>` with
// the scenario in MCP_CONFORMANCE_SCENARIO and the wire revision in
// MCP_CONFORMANCE_PROTOCOL_VERSION; it exits 0 when the scenario's steps succeeded.
//   npm run --silent example:conformance-client -- http://localhost:3000/mcp
// The generated code it imports is examples/gen/ (built by examples/run.mjs on first use).
import { v2025_11_25 as legacy, v2026_07_28 as modern, StreamableHttpTransport, type Transport } from "../gen/index.js";

const url = process.argv[process.argv.length - 1]!;
const scenario = process.env["MCP_CONFORMANCE_SCENARIO"] ?? "tools_call";
const wire = process.env["MCP_CONFORMANCE_PROTOCOL_VERSION"] ?? "2026-07-28";
const context = JSON.parse(process.env["MCP_CONFORMANCE_CONTEXT"] ?? "{}") as Record<string, unknown>;
const clientInfo = { name: "mcp-gen-conformance-client", version: "1.0.0" };

type ClientOptions = modern.McpClientOptions & legacy.McpClientOptions;
type AnyClient = modern.McpClient | legacy.McpClient;

/** The client of the run's revision over a transport (ours unless given). */
function clientFor(options: Partial<ClientOptions> = {}, transport: Transport = new StreamableHttpTransport(url)): AnyClient {
  const all = { clientInfo, ...options } as ClientOptions;
  return wire === "2025-11-25" ? legacy.createClient(transport, all) : modern.createClient(transport, all);
}

/** Steps whose failure the scenario tolerates (a mock's minimal results may not validate). */
async function tolerate(step: () => Promise<unknown>): Promise<void> {
  try {
    await step();
  } catch (error) {
    console.error(`(tolerated) ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Accept an elicitation with every default of its requested schema filled in (SEP-1034). */
function acceptWithDefaults(params: { requestedSchema?: { properties?: Record<string, { default?: unknown }> } }) {
  const content: Record<string, string | number | boolean | string[]> = {};
  for (const [key, property] of Object.entries(params.requestedSchema?.properties ?? {})) {
    const value = property.default;
    if (typeof value === "string" || typeof value === "number" || typeof value === "boolean" || Array.isArray(value)) content[key] = value as string | number | boolean | string[];
  }
  return { action: "accept" as const, content };
}

async function listAndCall(client: AnyClient): Promise<void> {
  const { tools } = await client.listTools();
  for (const tool of tools) {
    if (tool.name === "add_numbers") await client.callTool({ name: "add_numbers", arguments: { a: 5, b: 3 } });
    if (tool.name === "json_schema_echo") {
      const schema = tools.find((t) => t.name === "json_schema_2020_12_tool")?.inputSchema;
      await client.callTool({ name: "json_schema_echo", arguments: { schema } });
    }
  }
}

const scenarios: Record<string, () => Promise<void>> = {
  async "request-metadata"() {
    const client = clientFor({
      handlers: {
        "elicitation/create": async () => ({ action: "decline" }),
        "sampling/createMessage": async () => ({ role: "assistant", content: { type: "text", text: "" }, model: "none" }),
        "roots/list": async () => ({ roots: [] }),
      },
      capabilities: { roots: { listChanged: true } },
    });
    await client.open(); // server/discover: the first answer is -32022, the client retries
    await client.close();
  },

  async "sep-2322-client-request-state"() {
    const client = clientFor({ handlers: { "elicitation/create": async () => ({ action: "accept", content: { confirmed: true } }) } });
    for (const name of ["test_mrtr_echo_state", "test_mrtr_no_state", "test_mrtr_unrelated", "test_mrtr_no_result_type"]) {
      await tolerate(() => client.callTool({ name, arguments: {} }));
    }
    await client.close();
  },

  async "http-standard-headers"() {
    const client = clientFor();
    const { tools } = await client.listTools();
    if (tools[0]) await tolerate(() => client.callTool({ name: tools[0]!.name, arguments: {} }));
    const { resources } = await client.listResources();
    if (resources[0]) await tolerate(() => client.readResource({ uri: resources[0]!.uri }));
    const { prompts } = await client.listPrompts();
    if (prompts[0]) await tolerate(() => client.getPrompt({ name: prompts[0]!.name }));
    await client.close();
  },

  async "http-custom-headers"() {
    const client = clientFor();
    await client.listTools();
    for (const call of (context["toolCalls"] ?? []) as Array<{ name: string; arguments?: Record<string, unknown> }>) {
      await tolerate(() => client.callTool({ name: call.name, arguments: call.arguments ?? {} }));
    }
    await client.close();
  },

  async "http-invalid-tool-headers"() {
    const client = clientFor({ onRejectedTool: (tool) => console.error(`rejected ${tool.name}: ${tool.reason}`) });
    const { tools } = await client.listTools();
    for (const tool of tools) await tolerate(() => client.callTool({ name: tool.name, arguments: { region: "us-west1" } }));
    await client.close();
  },

  async "elicitation-sep1034-client-defaults"() {
    const client = clientFor({ handlers: { "elicitation/create": async (params) => acceptWithDefaults(params as Parameters<typeof acceptWithDefaults>[0]) } });
    await client.listTools();
    await client.callTool({ name: "test_client_elicitation_defaults", arguments: {} });
    await client.close();
  },

  async "sse-retry"() {
    const client = clientFor();
    await client.listTools();
    await client.callTool({ name: "test_reconnection", arguments: {} });
    await client.close();
  },
};

/** auth/…: the official SDK's HTTP transport with an OAuth fetch wrapper, plugged into the generated client. */
async function authScenario(): Promise<void> {
  const { oauthTransport } = await import("./oauth.js");
  const transport = await oauthTransport(url, scenario, context);
  const client = clientFor({}, transport);
  await client.listTools();
  await client.callTool({ name: "test-tool", arguments: {} });
  await client.close();
}

async function defaultScenario(): Promise<void> {
  const client = clientFor();
  await listAndCall(client);
  await client.close();
}

/** sep-2640-client-…: the Skills extension (examples/conformance-client/skills.ts). */
async function skills(): Promise<void> {
  const { SKILLS_CAPABILITIES, skillsScenario } = await import("./skills.js");
  await skillsScenario(clientFor({ capabilities: SKILLS_CAPABILITIES }), scenario);
}

const run = scenario.startsWith("auth/") ? authScenario : scenario.startsWith("sep-2640-client-") ? skills : (scenarios[scenario] ?? defaultScenario);
run().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`${scenario} failed:`, error);
    process.exit(1);
  },
);
