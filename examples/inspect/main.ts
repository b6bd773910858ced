// A small MCP inspector on the generated code: connects with connect() (server/discover first,
// initialize for legacy servers) and prints, as JSON, the negotiated revision, the server's
// identity and capabilities, and every tool, resource, resource template and prompt (all pages).
//   npm run example:inspect -- --url http://127.0.0.1:3000/mcp
//   npm run example:inspect -- --stdio "node server.js --flag"
import { StdioTransport, StreamableHttpTransport, connect, isClientError, type ConnectedClient, type Transport } from "../gen/index.js";

function usage(): never {
  console.error('usage: inspect --url <url> | --stdio "<command> [args…]"  [--header "Name: value"]…');
  process.exit(2);
}

/** Splits a command line on spaces, keeping quoted parts together. */
function splitCommand(line: string): string[] {
  const parts = [...line.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3]!);
  if (!parts.length) usage();
  return parts;
}

function transportFactory(argv: string[]): () => Transport {
  const at = (flag: string) => (argv.includes(flag) ? argv[argv.indexOf(flag) + 1] : undefined);
  const url = at("--url");
  const stdio = at("--stdio");
  const headers: Record<string, string> = {};
  argv.forEach((arg, i) => {
    if (arg !== "--header") return;
    const [name, ...value] = (argv[i + 1] ?? "").split(":");
    if (name) headers[name.trim()] = value.join(":").trim();
  });
  if (url) return () => new StreamableHttpTransport(url, { headers });
  if (stdio) {
    const [command, ...args] = splitCommand(stdio);
    return () => new StdioTransport({ command: command!, args, stderr: "ignore" });
  }
  return usage();
}

/** Every item of a list the server offers; an absent capability (or -32601) is an empty list. */
async function all<T>(client: ConnectedClient, capability: string, list: AsyncGenerator<T, void, undefined>): Promise<T[]> {
  const capabilities = client.server?.capabilities;
  if (capabilities && !(capability in capabilities)) return [];
  const items: T[] = [];
  try {
    for await (const item of list) items.push(item);
  } catch (error) {
    if ((error as { code?: unknown }).code !== -32601) throw error;
  }
  return items;
}

/** The lists, read through the client of the revision connect() chose (the union is narrowed on `revision`). */
async function lists(client: ConnectedClient) {
  if (client.revision === "2026-07-28") {
    return {
      tools: await all(client, "tools", client.paginate("tools/list")),
      resources: await all(client, "resources", client.paginate("resources/list")),
      resourceTemplates: await all(client, "resources", client.paginate("resources/templates/list")),
      prompts: await all(client, "prompts", client.paginate("prompts/list")),
    };
  }
  return {
    tools: await all(client, "tools", client.paginate("tools/list")),
    resources: await all(client, "resources", client.paginate("resources/list")),
    resourceTemplates: await all(client, "resources", client.paginate("resources/templates/list")),
    prompts: await all(client, "prompts", client.paginate("prompts/list")),
  };
}

async function inspect(argv: string[]): Promise<void> {
  const client = await connect(transportFactory(argv), { clientInfo: { name: "mcp-gen-inspect", version: "1.0.0" }, onWarning: (message) => console.error(message) });
  try {
    const server = client.server ?? (await client.open());
    const report = {
      revision: client.revision,
      protocolVersion: client.protocolVersion,
      era: client.era,
      serverInfo: server.serverInfo ?? null,
      capabilities: server.capabilities ?? null,
      instructions: server.instructions ?? null,
      ...(await lists(client)),
    };
    console.log(JSON.stringify(report, null, 2));
  } finally {
    await client.close();
  }
}

inspect(process.argv.slice(2)).then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(isClientError(error) ? `${error.kind}: ${error.message}` : error);
    process.exit(1);
  },
);
