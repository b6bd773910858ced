// The registry under hostile clients (issue 32): answered through `server.handle` on the
// generated root server, both eras.
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { GENERATED_ROOT } from "../helpers/spec.js";
import { LEGACY, meta } from "./wire-server.js";

let gen: any;
beforeAll(async () => {
  gen = await import(pathToFileURL(join(GENERATED_ROOT, "index.ts")).href);
});

const SERVER_INFO = { name: "registry-hostile", version: "1.0.0" };
const SECRET = "registry hostile tests: a secret of 32 bytes or more";
let nextId = 1;

/** One stateless request; resolves with the JSON-RPC answer. */
function modern(server: any, method: string, params: Record<string, unknown> = {}): Promise<any> {
  return server.handle({ jsonrpc: "2.0", id: nextId++, method, params: { ...params, _meta: meta() } }, { notify: () => undefined });
}

/** A legacy session, initialized; `call` sends a request in it. */
async function legacy(server: any) {
  const session = server.createSession(`h${nextId}`);
  session.send = () => undefined;
  await server.handle({ jsonrpc: "2.0", id: nextId++, method: "initialize", params: { protocolVersion: LEGACY, capabilities: {}, clientInfo: { name: "l", version: "1" } } }, { session });
  await server.handle({ jsonrpc: "2.0", method: "notifications/initialized" }, { session });
  return (method: string, params: Record<string, unknown> = {}) => server.handle({ jsonrpc: "2.0", id: nextId++, method, params }, { session });
}

/** Runs `answer` and resolves with its result and the milliseconds it took. */
async function timed<T>(answer: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await answer();
  return [result, performance.now() - start];
}

describe("item 4: resource templates a hostile URI cannot stall", () => {
  function templated() {
    const read = (vars: Record<string, string>) => JSON.stringify(vars);
    const resourceTemplates = [gen.resourceTemplate("github://{+owner}/{+repo}", { name: "repo" }, read), gen.resourceTemplate("x://{+a}/{+b}/{+c}", { name: "three" }, read)];
    return gen.createServer({ serverInfo: SERVER_INFO, stateSecret: SECRET, resourceTemplates });
  }

  it("a 200 KB URI of slashes ending in '#' is refused with -32602 for its length, on both eras, without trying a template", async () => {
    const server = templated();
    const uri = `github://${"/".repeat(200_000)}#`;
    // Before the fix: 13-22 s per request, then the era's not-found error (no maxLength).
    const [answer, ms] = await timed(() => modern(server, "resources/read", { uri }));
    expect(answer).toMatchObject({ error: { code: -32602, data: { length: uri.length, maxLength: expect.any(Number) } } });
    expect(JSON.stringify(answer).length).toBeLessThan(1000); // the refusal does not echo the URI
    expect(ms).toBeLessThan(2000);
    const call = await legacy(server);
    expect(await call("resources/read", { uri })).toMatchObject({ error: { code: -32602, data: { maxLength: answer.error.data.maxLength } } });
  });

  it("a hostile URI under the bound is matched in linear time: {+a}/{+b}/{+c} on 4 000 slashes answers not found at once", async () => {
    const server = templated();
    const uri = `x://${"/".repeat(4000)}#`; // before the fix: O(n³), about 16 s
    const [answer, ms] = await timed(() => modern(server, "resources/read", { uri }));
    expect(answer).toMatchObject({ error: { code: -32602, data: { uri } } });
    expect(ms).toBeLessThan(2000);
    // and what matches still reads, with the RegExp's choices ({+a} as short as the rest allows)
    const read = await modern(server, "resources/read", { uri: "x://p/q/r/s" });
    expect(JSON.parse(read.result.contents[0].text)).toEqual({ a: "p", b: "q", c: "r/s" });
  });
});

describe("item 18: cursors that removing an item does not shift", () => {
  const names = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}${i}`);
  const LISTS = [
    { method: "tools/list", key: "tools", kind: "tool", id: (t: any) => t.name, make: (name: string) => gen.tool(name, {}, () => name) },
    { method: "prompts/list", key: "prompts", kind: "prompt", id: (p: any) => p.name, make: (name: string) => gen.prompt(name, {}, () => name) },
    { method: "resources/list", key: "resources", kind: "resource", id: (r: any) => r.uri, make: (name: string) => gen.resource(`static://${name}`, { name }, () => name) },
    { method: "resources/templates/list", key: "resourceTemplates", kind: "resourceTemplate", id: (t: any) => t.uriTemplate, make: (name: string) => gen.resourceTemplate(`${name}://{id}`, { name }, () => name) },
  ];
  const serverWith = (list: (typeof LISTS)[number], items: unknown[], pageSize: number) =>
    gen.createServer({ serverInfo: SERVER_INFO, stateSecret: SECRET, pageSize, [list.key]: items });

  for (const list of LISTS) {
    it(`${list.method}: removing items already returned, and the one the cursor names, between pages skips and repeats nothing`, async () => {
      const all = names("n", 7).map(list.make);
      const server = serverWith(list, all, 2);
      const ids: string[] = all.map((item: any) => item.uri ?? item.uriTemplate ?? item.name);
      // Between pages: after the first, an item already returned; after the second, the item the
      // cursor names and another already returned.
      const removals: string[][] = [[ids[0]!], [ids[3]!, ids[1]!]];
      const seen: string[] = [];
      let cursor: string | undefined;
      for (let pages = 0; pages < 10; pages++) {
        const page = await modern(server, list.method, cursor === undefined ? {} : { cursor });
        expect(page.error, `page ${pages + 1}`).toBeUndefined();
        seen.push(...page.result[list.key].map(list.id));
        cursor = page.result.nextCursor;
        if (cursor === undefined) break;
        for (const id of removals[pages] ?? []) expect(server.remove(list.kind, id)).toBe(true);
      }
      expect(seen).toEqual(ids); // each once, in order
    });
  }

  it("an item added while a client pages comes at the end; one removed before it is reached is simply not listed", async () => {
    const list = LISTS[0]!;
    const server = serverWith(list, names("t", 4).map(list.make), 2);
    const first = await modern(server, "tools/list");
    server.remove("tool", "t2");
    server.add(list.make("late"));
    const second = await modern(server, "tools/list", { cursor: first.result.nextCursor });
    expect([...first.result.tools, ...second.result.tools].map(list.id)).toEqual(["t0", "t1", "t3", "late"]);
    expect(second.result.nextCursor).toBeUndefined();
  });

  it("resources/list pages through static resources, then each template's own listing, and a removed template shifts nothing", async () => {
    const listing = (prefix: string) => () => names(prefix, 3).map((id) => ({ uri: `${prefix}://${id}`, name: id }));
    const resources = [gen.resource("static://a", { name: "a" }, () => "a"), gen.resource("static://b", { name: "b" }, () => "b")];
    const resourceTemplates = ["p", "q"].map((prefix) => gen.resourceTemplate(`${prefix}://{id}`, { name: prefix, list: listing(prefix) }, () => prefix));
    const server = gen.createServer({ serverInfo: SERVER_INFO, stateSecret: SECRET, pageSize: 3, resources, resourceTemplates });
    const uris: string[] = [];
    let page = await modern(server, "resources/list");
    uris.push(...page.result.resources.map((r: any) => r.uri));
    server.remove("resource", "static://a");
    page = await modern(server, "resources/list", { cursor: page.result.nextCursor });
    uris.push(...page.result.resources.map((r: any) => r.uri));
    server.remove("resourceTemplate", "p://{id}");
    page = await modern(server, "resources/list", { cursor: page.result.nextCursor });
    uris.push(...page.result.resources.map((r: any) => r.uri));
    expect(page.result.nextCursor).toBeUndefined();
    expect(uris).toEqual(["static://a", "static://b", "p://p0", "p://p1", "p://p2", "q://q0", "q://q1", "q://q2"]);
  });

  it("cursors stay opaque, and one the server did not make is -32602", async () => {
    const list = LISTS[0]!;
    const server = serverWith(list, names("t", 3).map(list.make), 1);
    const { nextCursor } = (await modern(server, "tools/list")).result;
    expect(nextCursor).toMatch(/^[A-Za-z0-9+/_-]+$/); // no name of a tool, no JSON
    expect(nextCursor).not.toContain("t0");
    const forged = [btoa(JSON.stringify({ offset: 1 })), btoa(JSON.stringify({ after: [-1] })), btoa(JSON.stringify({ after: [] })), btoa(JSON.stringify({ after: [1, 2, 3, 4] })), btoa("[1]"), "garbage", "", 42];
    for (const cursor of forged) expect((await modern(server, "tools/list", { cursor })).error?.code, String(cursor)).toBe(-32602);
  });
});
