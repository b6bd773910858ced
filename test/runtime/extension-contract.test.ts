// The extension contract (runtime/server/extension.ts) with a toy extension of our own, built by
// hand in the shape of a generated EXTENSION object: its capability in server/discover and
// initialize, its method validated both ways, -32021 for a caller that did not declare it (per
// request on 2026-07-28, per session on 2025-11-25), a core result widened only for callers that
// declared it, its part of a listen stream, its Mcp-Name source, and typed _meta access.
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { GENERATED_ROOT } from "../helpers/spec.js";
import { LEGACY, MODERN, meta } from "./wire-server.js";

let gen: any;
beforeAll(async () => {
  gen = await import(pathToFileURL(join(GENERATED_ROOT, "index.ts")).href);
});

const ID = "example.com/echo";
const metaSchema = z.record(z.string(), z.unknown()).optional();
const sayParams = z.object({ text: z.string().max(20), _meta: metaSchema }).strict();
/** A toy EXTENSION object, shaped as the generator writes one (ext/<name>/index.ts). */
const ECHO = {
  id: ID,
  methods: {
    "echo/say": {
      kind: "request",
      sender: ["client"],
      groups: [],
      request: z.object({ jsonrpc: z.literal("2.0"), id: z.union([z.string(), z.number()]), method: z.literal("echo/say"), params: sayParams }),
      params: sayParams,
      result: z.looseObject({ said: z.string(), resultType: z.literal("complete").optional(), _meta: metaSchema }),
    },
    "notifications/echo": { kind: "notification", sender: ["server"], groups: [], params: z.looseObject({ said: z.string() }) },
  },
  results: { EchoedCall: z.looseObject({ resultType: z.literal("echoed"), said: z.string() }) },
  capability: z.object({ loud: z.boolean().optional() }).strict(),
} as const;

const declared = { extensions: { [ID]: {} } };
let nextId = 1;

function echoExtension(options: { eras?: string[]; said?: (text: string) => unknown } = {}) {
  let host: any;
  const extension = {
    schema: ECHO,
    capability: { loud: true },
    ...(options.eras ? { eras: options.eras } : {}),
    methods: { "echo/say": { handle: (params: any) => ({ said: options.said ? options.said(params.text) : params.text }) } },
    around: {
      // Widens tools/call for declaring callers only; the others get the core's answer.
      "tools/call": async (params: any, _ctx: any, next: () => Promise<unknown>, call: any) => (call.declared && params.name === "shout" ? call.widen("EchoedCall", { resultType: "echoed", said: "SHOUT" }) : next()),
    },
    routingName: (method: string, params: any) => (method === "echo/say" ? params.text : undefined),
    listen: (requested: any, _ctx: any, call: any) => {
      if (!Array.isArray(requested.echoes)) return undefined;
      call.require();
      return { acknowledged: { echoes: requested.echoes }, wants: (m: any) => m.method === "notifications/echo" && requested.echoes.includes(m.params.said) };
    },
    attach: (h: any) => void (host = h),
  };
  return { extension, publish: (said: string) => host.publish({ jsonrpc: "2.0", method: "notifications/echo", params: { said } }) };
}

function server(extension: object, extra: Record<string, unknown> = {}) {
  const errors: unknown[] = [];
  const s = gen.createServer({
    serverInfo: { name: "ext", version: "1" },
    tools: [gen.tool("shout", {}, () => "plain"), gen.tool("meta", {}, (_a: unknown, ctx: any) => JSON.stringify(gen.metaValue(ctx._meta, "example.com/tag", z.string()) ?? null))],
    extensions: [extension],
    onError: (e: unknown) => errors.push(e),
    ...extra,
  });
  return { s, errors };
}

const modern = (s: any, method: string, params: Record<string, unknown>, caps: Record<string, unknown> = {}, exchange: Record<string, unknown> = {}) =>
  s.handle({ jsonrpc: "2.0", id: nextId++, method, params: { ...params, _meta: { ...meta({}, caps), ...((params["_meta"] as object) ?? {}) } } }, exchange);

describe("the extension contract, 2026-07-28 (per request)", () => {
  it("declares its capability under capabilities.extensions in server/discover", async () => {
    const { s } = server(echoExtension().extension);
    const answer = await modern(s, "server/discover", {});
    expect(answer.result.capabilities.extensions).toEqual({ [ID]: { loud: true } });
    expect(answer.result.capabilities.tools).toEqual({ listChanged: true });
  });

  it("answers its own method for a declaring caller, -32021 naming it for the others", async () => {
    const { s } = server(echoExtension().extension);
    const ok = await modern(s, "echo/say", { text: "hi" }, declared);
    expect(ok.result).toMatchObject({ said: "hi", resultType: "complete" });
    const refused = await modern(s, "echo/say", { text: "hi" }, {});
    expect(refused.error.code).toBe(-32021);
    expect(refused.error.data).toEqual({ requiredCapabilities: { extensions: { [ID]: {} } } });
    expect(s.statusOf(refused)).toBe(400);
  });

  it("validates its params and results with its rows", async () => {
    const { s, errors } = server(echoExtension({ said: (t) => (t === "bad" ? 42 : t) }).extension);
    const long = await modern(s, "echo/say", { text: "x".repeat(21) }, declared);
    expect(long.error.code).toBe(-32602);
    const bad = await modern(s, "echo/say", { text: "bad" }, declared);
    expect(bad.error.code).toBe(-32603);
    expect(String(errors[0])).toContain("echo/say handler returned an invalid result");
  });

  it("widens a core result for a declaring caller only, validated with the extension's result", async () => {
    const { s } = server(echoExtension().extension);
    expect((await modern(s, "tools/call", { name: "shout", arguments: {} }, declared)).result).toMatchObject({ resultType: "echoed", said: "SHOUT" });
    expect((await modern(s, "tools/call", { name: "shout", arguments: {} }, {})).result).toMatchObject({ resultType: "complete", content: [{ type: "text", text: "plain" }] });
  });

  it("refuses a widened result for a caller that did not declare the extension", async () => {
    const rogue = { schema: ECHO, around: { "tools/call": async (_p: unknown, _c: unknown, _n: unknown, call: any) => call.widen("EchoedCall", { resultType: "echoed", said: "x" }) } };
    const { s, errors } = server(rogue);
    const answer = await modern(s, "tools/call", { name: "shout", arguments: {} }, {});
    expect(answer.error.code).toBe(-32603);
    expect(String(errors[0])).toContain("did not declare it");
  });

  it("checks Mcp-Name against its method's routing name", async () => {
    const { s } = server(echoExtension().extension);
    const headers = (name: string) => new Headers({ "MCP-Protocol-Version": MODERN, "Mcp-Method": "echo/say", "Mcp-Name": name });
    expect((await modern(s, "echo/say", { text: "hi" }, declared, { headers: headers("hi") })).result.said).toBe("hi");
    expect((await modern(s, "echo/say", { text: "hi" }, declared, { headers: headers("other") })).error.code).toBe(-32020);
  });

  it("gives typed _meta access", async () => {
    const { s } = server(echoExtension().extension);
    const tagged = await modern(s, "tools/call", { name: "meta", arguments: {}, _meta: { "example.com/tag": "t1" } });
    expect(tagged.result.content[0].text).toBe('"t1"');
    const wrong = await modern(s, "tools/call", { name: "meta", arguments: {}, _meta: { "example.com/tag": 7 } });
    expect(wrong.result.content[0].text).toBe("null");
  });

  it("takes its part of a listen stream: acknowledged, and only the notifications it wants", async () => {
    const { extension, publish } = echoExtension();
    const { s } = server(extension);
    const sent: any[] = [];
    const controller = new AbortController();
    const open = modern(s, "subscriptions/listen", { notifications: { echoes: ["a"] } }, declared, { notify: (m: unknown) => sent.push(m), signal: controller.signal });
    await new Promise((r) => setTimeout(r, 20));
    publish("a");
    publish("b");
    controller.abort();
    await open;
    expect(sent[0].params.notifications).toEqual({ echoes: ["a"] });
    expect(sent.slice(1).map((m) => m.params.said)).toEqual(["a"]);
    expect(sent[1].params._meta["io.modelcontextprotocol/subscriptionId"]).toBeDefined();
    const refused = await modern(s, "subscriptions/listen", { notifications: { echoes: ["a"] } }, {}, { notify: () => undefined });
    expect(refused.error.code).toBe(-32021);
  });

  it("refuses at createServer a capability its schema does not allow, and a method it does not have", () => {
    expect(() => server({ schema: ECHO, capability: { loud: "yes" } })).toThrow(/capability does not fit/);
    expect(() => server({ schema: ECHO, methods: { "echo/shout": { handle: () => ({}) } } })).toThrow(/not a client request of its schema/);
  });
});

describe("the extension contract, 2025-11-25 (per session)", () => {
  async function session(s: any, capabilities: Record<string, unknown>) {
    const session = s.createSession(`s${nextId}`);
    const init = await s.handle({ jsonrpc: "2.0", id: nextId++, method: "initialize", params: { protocolVersion: LEGACY, capabilities, clientInfo: { name: "l", version: "1" } } }, { session });
    await s.handle({ jsonrpc: "2.0", method: "notifications/initialized" }, { session });
    return { init, call: (method: string, params: Record<string, unknown>) => s.handle({ jsonrpc: "2.0", id: nextId++, method, params }, { session }) };
  }

  it("declares its capability in initialize and negotiates per session", async () => {
    const { s } = server(echoExtension({ eras: ["stateless", "session"] }).extension);
    const yes = await session(s, declared);
    expect(yes.init.result.capabilities.extensions).toEqual({ [ID]: { loud: true } });
    expect((await yes.call("echo/say", { text: "hi" })).result).toEqual({ said: "hi" });
    const no = await session(s, {});
    expect((await no.call("echo/say", { text: "hi" })).error.code).toBe(-32021);
  });

  it("is not served in an era it does not name", async () => {
    const { s } = server(echoExtension().extension);
    const yes = await session(s, declared);
    expect(yes.init.result.capabilities.extensions).toBeUndefined();
    expect((await yes.call("echo/say", { text: "hi" })).error.code).toBe(-32601);
  });
});
