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
