// The exported Zod schemas are built on first use (templates/runtime/shared/lazy.ts): a server
// that only meets valid messages never builds them (the fast validators answer), the first
// rejection builds them and is explained in Zod's words, and an export answers Zod's API as the
// schema it stands in for. Runs on the global setup's output of every revision (test/tmp/generated).
import { createServer as createHttpServer, type Server } from "node:http";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import * as z from "zod";
import { GENERATED_ROOT, REVISIONS } from "../helpers/spec.js";
import { LEGACY, MODERN, meta } from "./wire-server.js";

const load = (path: string): Promise<any> => import(pathToFileURL(join(GENERATED_ROOT, path)).href);
let root: any;
let lazy: typeof import("../../templates/runtime/shared/lazy.js");
const schemas = new Map<string, Record<string, unknown>>();

/** The exports of every revision's schemas.ts that have not been built yet, as "revision: name". */
function unbuilt(): string[] {
  return [...schemas].flatMap(([revision, module]) => Object.entries(module).flatMap(([name, value]) => (lazy.isUnbuilt(value) ? [`${revision}: ${name}`] : [])));
}
const total = () => [...schemas.values()].reduce((n, module) => n + Object.keys(module).length, 0);

beforeAll(async () => {
  lazy = await load("runtime/shared/lazy.ts");
  for (const revision of REVISIONS) schemas.set(revision, await load(`${revision}/schemas.ts`));
  root = await load("index.ts");
});

describe("serving valid messages builds no generated schema", () => {
  let handler: (request: Request) => Promise<Response>;
  const post = async (body: object, headers: Record<string, string> = {}) => {
    const response = await handler(new Request("http://127.0.0.1:9/mcp", { method: "POST", headers: { host: "127.0.0.1:9", "content-type": "application/json", accept: "application/json, text/event-stream", ...headers }, body: JSON.stringify(body) }));
    const text = await response.text();
    return text ? JSON.parse(text.startsWith("event:") ? text.slice(text.indexOf("data: ") + 6) : text) : undefined;
  };
  const modern = (id: number, method: string, params: Record<string, unknown> = {}, name?: string) =>
    post({ jsonrpc: "2.0", id, method, params: { ...params, _meta: meta() } }, { "mcp-protocol-version": MODERN, "mcp-method": method, ...(name ? { "mcp-name": name } : {}) });

  beforeAll(() => {
    const echo = root.tool("echo", { input: z.object({ text: z.string() }), output: z.object({ echoed: z.string() }) }, ({ text }: { text: string }, ctx: any) => ctx.result({ structuredContent: { echoed: text } }));
    const server = root.createServer({ serverInfo: { name: "lazy", version: "1.0.0" }, tools: [echo], stateSecret: "lazy schemas test: a secret of 32 bytes or more", validateResults: true });
    handler = root.toFetchHandler(server, { path: "/mcp" });
  });

  it("none is built at import: every export of every revision is a stand-in", () => {
    expect(total()).toBeGreaterThan(REVISIONS.length * 100);
    expect(unbuilt()).toHaveLength(total());
  });

  it("discover, tools/list, tools/call (results validated) and a legacy session leave them all unbuilt", async () => {
    const discovered = await modern(1, "server/discover");
    expect(discovered.result.supportedVersions).toContain(MODERN);
    expect((await modern(2, "tools/list")).result.tools.map((t: { name: string }) => t.name)).toEqual(["echo"]);
    expect((await modern(3, "tools/call", { name: "echo", arguments: { text: "hi" } }, "echo")).result.structuredContent).toEqual({ echoed: "hi" });
    const initialized = await post({ jsonrpc: "2.0", id: 4, method: "initialize", params: { protocolVersion: LEGACY, capabilities: {}, clientInfo: { name: "c", version: "1" } } });
    expect(initialized.result.protocolVersion).toBe(LEGACY);
    expect(unbuilt()).toHaveLength(total());
  });

  it("a generated client's calls over HTTP, results validated, leave them unbuilt too", async () => {
    const listener: Server = createHttpServer(root.toNodeListener(handler));
    await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(listener.address() as { port: number }).port}/mcp`;
      const client = root.createClient(new root.StreamableHttpTransport(url), { clientInfo: { name: "lazy", version: "1" } });
      expect((await client.listTools()).tools.map((t: { name: string }) => t.name)).toEqual(["echo"]);
      expect((await client.callTool({ name: "echo", arguments: { text: "yo" } })).structuredContent).toEqual({ echoed: "yo" });
      await client.close();
    } finally {
      listener.closeAllConnections();
      await new Promise<void>((resolve) => listener.close(() => resolve()));
    }
    expect(unbuilt()).toHaveLength(total());
  });

  it("the first invalid request builds its revision's schemas, and its error is Zod's issue", async () => {
    const answer = await modern(5, "tools/call", { name: 42, arguments: {} });
    expect(answer.error.code).toBe(-32602);
    expect(JSON.stringify(answer.error)).toMatch(/name/);
    const left = unbuilt();
    expect(left.some((entry) => entry.startsWith(`${MODERN}:`))).toBe(false);
    // Only the revision that explained a rejection was built.
    expect(left.filter((entry) => entry.startsWith(`${LEGACY}:`))).toHaveLength(Object.keys(schemas.get(LEGACY)!).length);
  });
});

describe("an export answers Zod's API as the schema it stands in for", () => {
  it("instanceof, shape, extend, parse, toJSONSchema, keys and descriptors", async () => {
    const S: any = schemas.get(LEGACY);
    const request = S.CallToolRequestSchema;
    expect(lazy.isUnbuilt(request)).toBe(true);
    expect(request instanceof z.ZodObject).toBe(true);
    expect(lazy.isUnbuilt(request)).toBe(false);
    expect(Object.keys(request.shape)).toEqual(expect.arrayContaining(["method", "params"]));
    // Schemas inside a built one are the built schemas, not stand-ins.
    expect(lazy.isUnbuilt(request.shape.params)).toBe(false);
    expect(request.shape.params).not.toBe(undefined);
    const extended = request.extend({ extra: z.literal(1) });
    const message = { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "x" } };
    expect(extended.safeParse({ ...message, extra: 1 }).success).toBe(true);
    expect(extended.safeParse(message).success).toBe(false);
    expect(request.parse({ ...message, unknownKey: [1] })).toEqual({ ...message, unknownKey: [1] });
    expect(z.safeParse(request, { ...message, params: { name: 1 } }).success).toBe(false);
    expect(z.toJSONSchema(request, { io: "input" })).toEqual(z.toJSONSchema(request.extend({}), { io: "input" }));
    expect(Object.getOwnPropertyDescriptor(request, "_zod")?.value).toBe(request._zod);
    expect(Object.keys(request)).toContain("parse");
    expect({ ...request }._zod).toBe(undefined);
    expect(typeof request.describe("d").parse).toBe("function");
  });

  it("a METHODS member is one stand-in, shared with the fast validators' table, and settles on the shape's member", async () => {
    const methods: any = await load(`${MODERN}/methods.ts`);
    const S: any = schemas.get(MODERN);
    const row = methods.METHODS["tools/call"];
    const member = lazy.lazyMember(S.CallToolResultResponseSchema, "result", false);
    expect(row.result).toBe(member);
    for (const value of [{ content: [], resultType: "complete" }, { content: "no" }]) expect(row.result.safeParse(value)).toEqual(S.CallToolResultResponseSchema.shape.result.safeParse(value));
    expect(row.result._zod).toBe(S.CallToolResultResponseSchema.shape.result._zod);
  });
});

describe("the fast parse methods are put on a module's schemas when it is built", () => {
  it("whenModuleBuilt waits for the build and runs before any export is settled", () => {
    const made: object[] = [];
    const schema = lazy.lazyExports(() => [[{ n: 0 }, { n: 1 }]] as const, () => () => undefined);
    const a: { n?: number } = schema(0, 0);
    const b: { n?: number } = schema(0, 1);
    const seen: string[] = [];
    lazy.whenModuleBuilt(a, () => {
      // Built, not settled yet: a whenBuilt registered now runs before its stand-in is adopted.
      seen.push(`module: a ${lazy.isUnbuilt(a) ? "unsettled" : "settled"}, b ${lazy.isUnbuilt(b) ? "unsettled" : "settled"}`);
      lazy.whenBuilt(b, (built) => made.push(built));
    });
    expect(seen).toEqual([]);
    expect(b.n).toBe(1); // the first use of another export builds the module
    expect(seen).toEqual(["module: a unsettled, b unsettled"]);
    expect(made).toEqual([{ n: 1 }]);
    lazy.whenModuleBuilt(a, () => seen.push("after the build: at once"));
    lazy.whenModuleBuilt({}, () => seen.push("no stand-in: at once"));
    expect(seen.slice(1)).toEqual(["after the build: at once", "no stand-in: at once"]);
  });

  it("a generated schema answers valid input without Zod's parser once its revision is built, invalid input with it", () => {
    const S: any = schemas.get(MODERN);
    const implementation = S.ImplementationSchema;
    expect(implementation.shape.name).toBeDefined(); // builds the revision (if no earlier test did)
    let zodRuns = 0;
    const run = implementation._zod.run;
    implementation._zod.run = (...args: unknown[]) => (zodRuns++, run.apply(implementation._zod, args));
    try {
      expect(implementation.safeParse({ name: "a", version: "1" })).toEqual({ success: true, data: { name: "a", version: "1" } });
      expect(zodRuns).toBe(0);
      expect(implementation.safeParse({ name: 1, version: "1" }).success).toBe(false);
      expect(zodRuns).toBeGreaterThan(0);
    } finally {
      implementation._zod.run = run;
    }
  });
});
