// client.ts is derived from the schema: stub names from request types, complete results,
// capabilities, paginated lists. A revision nobody has seen (2026-07-28 with its tools renamed
// to gadgets) generates a client named after its own methods, which compiles under the
// strictest settings and talks to a server.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { main } from "../../src/cli.js";
import { stubName } from "../../src/emit/client.js";
import { CLIENT_INFO, FakeTransport, type ClientModule } from "../helpers/client.js";
import { SPEC_ROOT, scratchDir } from "../helpers/spec.js";
import { STRICTEST, tsc } from "../helpers/tsc.js";

describe("stub names", () => {
  it.each([
    ["CallToolRequest", "tools/call", "callTool"],
    ["ListToolsRequest", "tools/list", "listTools"],
    ["DiscoverRequest", "server/discover", "discover"],
    ["InitializeRequest", "initialize", "initialize"],
    ["SubscriptionsListenRequest", "subscriptions/listen", "subscriptionsListen"],
    ["ListenRequest", "streams/listen", "streamsListen"], // `listen` is a member of the client
    ["ThenRequest", "a/then", "aThen"], // a stub named `then` would make the client a thenable
  ])("%s (%s) → %s", (type, method, name) => {
    expect(stubName(type, method, new Set())).toBe(name);
  });

  it("a name already taken falls back to the method, then to …Request", () => {
    const taken = new Set<string>();
    expect([stubName("PingRequest", "ping", taken), stubName("PingRequest", "ping", taken), stubName("PingRequest", "ping", taken)]).toEqual(["ping", "pingRequest", "pingRequestRequest"]);
  });
});

describe("a revision nobody has seen", () => {
  const dir = scratchDir("unseen-client");
  let source: string;

  beforeAll(async () => {
    const schema = readFileSync(join(SPEC_ROOT, "2026-07-28/schema.ts"), "utf8")
      .replaceAll("CallTool", "InvokeGadget")
      .replaceAll("ListTools", "ListGadgets")
      .replaceAll('"tools/call"', '"gadgets/invoke"')
      .replaceAll('"tools/list"', '"gadgets/list"')
      .replace("  tools: Tool[];\n}", "  gadgets: Tool[];\n}");
    mkdirSync(join(dir, "unseen"), { recursive: true });
    writeFileSync(join(dir, "unseen/schema.ts"), schema);
    expect(await main(["--quiet", "--emit", "ts", "--schema", join(dir, "unseen/schema.ts"), "--out", join(dir, "out")])).toBe(0);
    source = readFileSync(join(dir, "out/client.ts"), "utf8");
  });

  it("names its stubs, results and lists after its own types", () => {
    expect(source).toMatch(/\binvokeGadget\(\s*params: McpClientParams\["gadgets\/invoke"\]/);
    expect(source).toMatch(/"gadgets\/invoke": T\.InvokeGadgetResult;/);
    expect(source).toMatch(/"gadgets\/list": "gadgets"/);
    expect(source).not.toMatch(/callTool|tools\/call/);
  });

  it("compiles under the strictest settings", async () => {
    const result = await tsc(join(dir, "tsc"), STRICTEST, ["../out/**/*.ts"], { modulesOnly: true }); // the runtime is checked elsewhere (moduleDiagnostics)
    expect(result.diagnostics).toEqual([]);
  });

  it("works: every page of gadgets, and an invocation", async () => {
    const gen = (await import(pathToFileURL(join(dir, "out/index.ts")).href)) as ClientModule;
    const fake = new FakeTransport((m, t) => {
      const request = m as { method: string; params: { cursor?: string } };
      if (request.method === "gadgets/list") t.result(m, { resultType: "complete", ttlMs: 0, cacheScope: "private", gadgets: [{ name: `g${request.params.cursor ?? 0}`, inputSchema: { type: "object" } }], ...(request.params.cursor ? {} : { nextCursor: "1" }) });
      else t.result(m, { resultType: "complete", content: [] });
    });
    const client = gen.createClient(fake, { clientInfo: CLIENT_INFO });
    const names: string[] = [];
    for await (const gadget of client.paginate("gadgets/list")) names.push(gadget.name);
    expect(names).toEqual(["g0", "g1"]);
    expect(await client.invokeGadget({ name: "g0" })).toEqual({ resultType: "complete", content: [] });
  });
});
