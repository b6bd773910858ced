// connect()'s three branches over in-memory transports, with every generated revision of the
// mirror (the global setup generates them all, so the draft's 2026-07-28 duplicates too).
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { CLIENT_INFO, FakeTransport, type AnyClient } from "../helpers/client.js";
import { GENERATED_ROOT } from "../helpers/spec.js";
import type { JsonRpcMessage, JsonRpcRequest } from "../../templates/runtime/shared/jsonrpc.js";

type Connect = (factory: () => FakeTransport, options: Record<string, unknown>) => Promise<AnyClient>;
let connect: Connect;
let revisions: Array<{ spec: { revision: string; protocolVersion: string } }>;

beforeAll(async () => {
  const module = (await import(pathToFileURL(join(GENERATED_ROOT, "connect.ts")).href)) as { connect: Connect; CLIENT_REVISIONS: typeof revisions };
  ({ connect } = module);
  revisions = module.CLIENT_REVISIONS;
});

const version = (m: JsonRpcMessage) => ((m as JsonRpcRequest).params?.["_meta"] as Record<string, unknown> | undefined)?.["io.modelcontextprotocol/protocolVersion"];
const DISCOVER = { resultType: "complete", supportedVersions: ["2026-07-28"], capabilities: {}, ttlMs: 0, cacheScope: "private" };
const initResult = (v: string) => ({ protocolVersion: v, capabilities: {}, serverInfo: { name: "legacy", version: "1" } });

describe("connect()", () => {
  it("is generated over every revision of the mirror", () => {
    expect(revisions.map((r) => r.spec.revision).sort()).toEqual(["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25", "2026-07-28", "draft"]);
  });

  it("a DiscoverResult: the modern client, on the same transport, with what discover said", async () => {
    const factory = { calls: 0 };
    const fake = new FakeTransport((m, t) => t.result(m, { ...DISCOVER, _meta: { "io.modelcontextprotocol/serverInfo": { name: "modern", version: "9" } } }));
    const client = await connect(() => (factory.calls++, fake), { clientInfo: CLIENT_INFO });
    expect([client.revision, client.era, client.server?.serverInfo?.name, factory.calls]).toEqual(["2026-07-28", "stateless", "modern", 1]);
    expect(fake.requests().map((r) => [r.method, version(r)])).toEqual([["server/discover", "2026-07-28"]]);
  });

  it("-32022 naming a generated legacy version: initialize with it, not with the newest", async () => {
    const fake = new FakeTransport((m, t) => {
      if ("method" in m && m.method === "server/discover") return t.error(m, -32022, "Unsupported protocol version", { supported: ["2025-06-18", "1999-01-01"], requested: "2026-07-28" });
      if ("method" in m && m.method === "initialize") return t.result(m, initResult((m as JsonRpcRequest).params!["protocolVersion"] as string));
    });
    const client = await connect(() => fake, { clientInfo: CLIENT_INFO });
    expect([client.revision, client.era, client.protocolVersion]).toEqual(["2025-06-18", "session", "2025-06-18"]);
    expect((fake.requests("initialize")[0]!.params as { protocolVersion: string }).protocolVersion).toBe("2025-06-18");
  });

  it("-32022 naming no generated version fails clearly", async () => {
    const fake = new FakeTransport((m, t) => t.error(m, -32022, "no", { supported: ["2099-01-01"], requested: "2026-07-28" }));
    await expect(connect(() => fake, { clientInfo: CLIENT_INFO })).rejects.toThrow(/supports \["2099-01-01"\]/);
  });

  it("any other answer (here -32601): legacy, newest generated legacy revision first; the server's choice picks the client", async () => {
    const fake = new FakeTransport((m, t) => {
      if ("method" in m && m.method === "server/discover") return t.error(m, -32601, "Method not found");
      if ("method" in m && m.method === "initialize") return t.result(m, initResult("2025-03-26"));
      if ("method" in m && m.method === "tools/list") return t.result(m, { tools: [] });
    });
    const client = await connect(() => fake, { clientInfo: CLIENT_INFO });
    expect((fake.requests("initialize")[0]!.params as { protocolVersion: string }).protocolVersion).toBe("2025-11-25");
    expect([client.revision, client.protocolVersion]).toEqual(["2025-03-26", "2025-03-26"]);
    await client.listTools();
    expect(fake.sent.map((s) => (s.message as { method?: string }).method)).toEqual(["server/discover", "initialize", "notifications/initialized", "tools/list"]);
  });

  it("a probe that times out counts as legacy; a probe that loses the connection gets a new transport", async () => {
    const silent = new FakeTransport((m, t) => void ("method" in m && m.method === "initialize" && t.result(m, initResult("2025-11-25"))));
    const timedOut = await connect(() => silent, { clientInfo: CLIENT_INFO, probeTimeoutMs: 30 });
    expect(timedOut.era).toBe("session");
    const transports: FakeTransport[] = [];
    const closes = () => new FakeTransport((m, t) => void (transports.length === 1 ? t.close() : "method" in m && m.method === "initialize" && t.result(m, initResult("2025-11-25"))));
    const reopened = await connect(() => {
      const next = closes();
      transports.push(next);
      return next;
    }, { clientInfo: CLIENT_INFO });
    expect([reopened.era, transports.length, transports[0]!.closed]).toEqual(["session", 2, true]);
  });
});
