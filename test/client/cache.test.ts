// Issue 55 item 3: the client's response cache. Results with caching hints are reused for their
// ttlMs (no request reaches the server), a list-changed notification on a listen stream and a
// resource-updated one make the next call go to the server, private entries never cross principals,
// and the cache is bounded in entries and bytes. Counted at the server's fetch handler.
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { GENERATED_ROOT } from "../helpers/spec.js";

let gen: any;
let rt: any;

beforeAll(async () => {
  gen = await import(pathToFileURL(join(GENERATED_ROOT, "index.ts")).href);
  rt = await import(pathToFileURL(join(GENERATED_ROOT, "runtime/client/cache.ts")).href);
});

/** `promise`, or a rejection after 5 s (a notification that never comes fails the test, not the run). */
const within = <T>(promise: Promise<T>) => Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error("no notification in 5 s")), 5000))]);

/** A server whose lists and reads carry `defaults`, and a counter of the requests it got, by method. */
let servers = 0;
function serverWith(defaults: Record<string, unknown>) {
  const server = gen.createServer({
    serverInfo: { name: `cached-${++servers}`, version: "1.0.0" },
    capabilities: { resources: { subscribe: true } },
    stateSecret: "cache tests: a secret of at least 32 bytes, fixed",
    resultDefaults: defaults,
    tools: [gen.tool("one", {}, () => "1")],
    resources: [gen.resource("file:///a", { name: "a" }, () => "a")],
  });
  const counts: Record<string, number> = {};
  const client = (options: Record<string, unknown> = {}) => {
    const fetch = gen.inProcessFetch(server);
    const counting = async (url: URL, init: RequestInit) => {
      const method = typeof init.body === "string" ? JSON.parse(init.body).method : init.method;
      counts[method] = (counts[method] ?? 0) + 1;
      return fetch(url, init);
    };
    return gen.createClient(new gen.StreamableHttpTransport(gen.inProcessUrl(server), { fetch: counting }), { clientInfo: { name: "t", version: "1" }, ...options });
  };
  return { server, counts, client };
}

describe("response cache", () => {
  it("reuses a list within its ttlMs, and asks again after a list-changed notification", async () => {
    const { server, counts, client } = serverWith({ ttlMs: 60_000, cacheScope: "public" });
    const cached = client({ cache: true });
    expect((await cached.listTools()).tools.map((t: any) => t.name)).toEqual(["one"]);
    expect((await cached.listTools()).tools.map((t: any) => t.name)).toEqual(["one"]);
    expect(counts["tools/list"]).toBe(1);
    const listening = cached.listen({ notifications: { toolsListChanged: true } });
    const heard = (async () => {
      for await (const note of listening) if (note.method === "notifications/tools/list_changed") return note.method;
    })();
    await new Promise((resolve) => setTimeout(resolve, 50)); // the stream is open before the change
    server.add(gen.tool("two", {}, () => "2"));
    expect(await within(heard)).toBe("notifications/tools/list_changed");
    expect((await cached.listTools()).tools.map((t: any) => t.name)).toEqual(["one", "two"]);
    expect(counts["tools/list"]).toBe(2);
    listening.close();
    const plain = client();
    await plain.listTools();
    await plain.listTools();
    expect(counts["tools/list"]).toBe(4); // without `cache`, every call is sent
  });

  it("a resource-updated notification drops the reads of that URI; a ttlMs of 0 is never cached", async () => {
    const { server, counts, client } = serverWith({ ttlMs: 60_000, cacheScope: "public" });
    const cached = client({ cache: true });
    await cached.readResource({ uri: "file:///a" });
    await cached.readResource({ uri: "file:///a" });
    expect(counts["resources/read"]).toBe(1);
    const listening = cached.listen({ notifications: { resourceSubscriptions: ["file:///a"] } });
    const heard = (async () => {
      for await (const note of listening) if (note.method === "notifications/resources/updated") return note.params.uri;
    })();
    await new Promise((resolve) => setTimeout(resolve, 50));
    server.notify.resourceUpdated("file:///a");
    expect(await within(heard)).toBe("file:///a");
    await cached.readResource({ uri: "file:///a" });
    expect(counts["resources/read"]).toBe(2);
    listening.close();
    const uncachable = serverWith({ ttlMs: 0, cacheScope: "public" });
    const again = uncachable.client({ cache: true });
    await again.listTools();
    await again.listTools();
    expect(uncachable.counts["tools/list"]).toBe(2);
  });

  it("private entries stay with their principal in a shared cache; public ones are shared", async () => {
    const shared = new gen.ResponseCache();
    const privately = serverWith({ ttlMs: 60_000, cacheScope: "private" });
    await privately.client({ cache: { shared, principal: "alice" } }).listTools();
    await privately.client({ cache: { shared, principal: "alice" } }).listTools();
    await privately.client({ cache: { shared, principal: "bob" } }).listTools();
    await privately.client({ cache: { shared } }).listTools(); // no principal: the client's own
    expect(privately.counts["tools/list"]).toBe(3);
    const publicly = serverWith({ ttlMs: 60_000, cacheScope: "public" });
    await publicly.client({ cache: { shared, principal: "alice" } }).listTools();
    await publicly.client({ cache: { shared, principal: "bob" } }).listTools();
    expect(publicly.counts["tools/list"]).toBe(1);
  });

  it("is bounded in entries and bytes, least recently used out, and expires by ttlMs", () => {
    const cache = new rt.ClientCache({ maxEntries: 2, maxBytes: 1000 });
    const result = (n: number, ttlMs = 1000) => ({ n, ttlMs, cacheScope: "public" });
    for (const n of [1, 2, 3]) cache.store("s", "tools/list", { cursor: String(n) }, result(n), 0);
    expect(cache.lookup("s", "tools/list", { cursor: "1" }, 1)).toBeUndefined();
    expect(cache.lookup("s", "tools/list", { cursor: "3" }, 1)).toEqual(result(3));
    expect(cache.lookup("s", "tools/list", { cursor: "3" }, 1000)).toBeUndefined(); // expired
    cache.store("s", "resources/read", { uri: "x" }, { big: "x".repeat(2000), ttlMs: 1000, cacheScope: "public" }, 0);
    expect(cache.lookup("s", "resources/read", { uri: "x" }, 1)).toBeUndefined(); // larger than maxBytes: not kept
    const bytes = new rt.ResponseCache({ maxBytes: 200 });
    const view = new rt.ClientCache({ shared: bytes });
    for (let n = 0; n < 10; n++) view.store("s", "tools/list", { cursor: String(n) }, { pad: "y".repeat(50), ttlMs: 1000, cacheScope: "public" }, 0);
    expect(bytes.size.bytes).toBeLessThanOrEqual(200);
    expect(bytes.size.entries).toBe(2);
  });
});
