// toFetchHandler serves node:http through toNodeListener on node's own objects (no web Request or
// Response), and fetch callers through a web Request: the same requests must get the same answers
// both ways (status, headers, body), errors, sessions, a principal callback and auth included.
import { createServer as createHttpServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LEGACY, MODERN, meta, wireServer } from "./wire-server.js";

type Http = typeof import("../../templates/runtime/server/http.js");
type Node = typeof import("../../templates/runtime/server/node.js");
let http: Http;
let node: Node;
const servers: Server[] = [];

beforeAll(async () => {
  http = await import("../../templates/runtime/server/http.js");
  node = await import("../../templates/runtime/server/node.js");
});
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => (s.closeAllConnections(), s.close(resolve)))));
});

interface Sent {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}
interface Answer {
  status: number;
  headers: Record<string, string>;
  /** The body; of an event stream, its first chunk (the stream is then dropped). */
  body: string;
}
type Send = (request: Sent) => Promise<Answer>;

/** The session id the last answer gave (answers compare with "<session>" in its place). */
let lastSessionId = "";

/** What the transport adds by itself, not the handler: left out of the comparison. */
const TRANSPORT_HEADERS = new Set(["date", "connection", "keep-alive", "content-length", "transfer-encoding"]);

function normalised(status: number, headers: Iterable<[string, string]>, body: string): Answer {
  const kept: Record<string, string> = {};
  for (const [name, value] of headers) {
    if (name === "mcp-session-id") lastSessionId = value;
    if (!TRANSPORT_HEADERS.has(name)) kept[name] = name === "mcp-session-id" ? "<session>" : value;
  }
  return { status, headers: kept, body };
}

/** The fetch path: a web Request to the handler itself. */
function viaFetch(handler: (request: Request) => Promise<Response>): Send {
  return async ({ method, path, headers = {}, body }) => {
    const response = await handler(new Request(`http://127.0.0.1:9${path}`, { method, headers: { host: "127.0.0.1:9", ...headers }, ...(body !== undefined ? { body } : {}) }));
    let text = "";
    if ((response.headers.get("content-type") ?? "").startsWith("text/event-stream")) {
      const reader = response.body!.getReader();
      text = new TextDecoder().decode((await reader.read()).value);
      await reader.cancel();
    } else text = await response.text();
    return normalised(response.status, response.headers, text);
  };
}

/** The node path: real sockets to node:http serving toNodeListener(handler). */
async function viaNode(handler: (request: Request) => Promise<Response>): Promise<Send> {
  const server = createHttpServer(node.toNodeListener(handler) as never);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return ({ method, path, headers = {}, body }) =>
    new Promise((resolve, reject) => {
      const request = httpRequest({ host: "127.0.0.1", port, method, path, headers: { host: "127.0.0.1:9", ...headers } }, (response) => {
        const chunks: Buffer[] = [];
        const done = () => resolve(normalised(response.statusCode!, Object.entries(response.headers as Record<string, string>), Buffer.concat(chunks).toString("utf8")));
        const stream = (response.headers["content-type"] ?? "").startsWith("text/event-stream");
        response.on("data", (chunk: Buffer) => {
          chunks.push(chunk);
          if (stream) done(), request.destroy();
        });
        response.on("end", done);
      });
      request.on("error", reject);
      request.end(body);
    });
}

const JSON_TYPE = { "content-type": "application/json" };
const standard = (method: string, name?: string) => ({ ...JSON_TYPE, "mcp-protocol-version": MODERN, "mcp-method": method, ...(name ? { "mcp-name": name } : {}) });
const call = (id: number, name: string) => JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: { text: "hi" }, _meta: meta() } });
const initialize = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: LEGACY, capabilities: {}, clientInfo: { name: "legacy", version: "1" } } });

/** Single requests, each answered alike by both paths. */
const SINGLE: [string, Sent, number][] = [
  ["a JSON POST answered with JSON", { method: "POST", path: "/mcp", headers: standard("tools/call", "echo"), body: call(1, "echo") }, 200],
  ["a request whose handler fails (500 JSON-RPC error)", { method: "POST", path: "/mcp", headers: standard("tools/call", "throws"), body: call(2, "throws") }, 500],
  ["a request answered with an SSE stream (progress first)", { method: "POST", path: "/mcp", headers: standard("tools/call", "progress"), body: JSON.stringify({ jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "progress", arguments: {}, _meta: meta({ progressToken: "p" }) } }) }, 200],
  ["a notification (202)", { method: "POST", path: "/mcp", headers: JSON_TYPE, body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 9 } }) }, 202],
  ["bad JSON (400 -32700)", { method: "POST", path: "/mcp", headers: JSON_TYPE, body: '{"jsonrpc":"2.0",' }, 400],
  ["a batch (400)", { method: "POST", path: "/mcp", headers: JSON_TYPE, body: "[]" }, 400],
  ["a wrong Content-Type (415)", { method: "POST", path: "/mcp", headers: { "content-type": "text/plain" }, body: call(4, "echo") }, 415],
  ["a wrong Origin (403)", { method: "POST", path: "/mcp", headers: { ...standard("tools/call", "echo"), origin: "http://evil.example" }, body: call(5, "echo") }, 403],
  ["a wrong Host (403)", { method: "POST", path: "/mcp", headers: { ...standard("tools/call", "echo"), host: "evil.example" }, body: call(5, "echo") }, 403],
  ["a body too large (413)", { method: "POST", path: "/mcp", headers: standard("tools/call", "echo"), body: call(6, "echo") + " ".repeat(300) }, 413],
  ["another path (404)", { method: "POST", path: "/other", headers: JSON_TYPE, body: call(7, "echo") }, 404],
  ["a path with a query", { method: "POST", path: "/mcp?x=1", headers: standard("tools/call", "echo"), body: call(8, "echo") }, 200],
  ["a path that URL parsing normalises", { method: "POST", path: "/a/../mcp", headers: standard("tools/call", "echo"), body: call(9, "echo") }, 200],
  ["a method not served (405)", { method: "PUT", path: "/mcp", headers: JSON_TYPE, body: "{}" }, 405],
  ["initialize (a session id)", { method: "POST", path: "/mcp", headers: JSON_TYPE, body: initialize }, 200],
  ["GET without a session (405)", { method: "GET", path: "/mcp" }, 405],
  ["GET of an unknown session (404)", { method: "GET", path: "/mcp", headers: { "mcp-session-id": "nope" } }, 404],
  ["DELETE without a session (400)", { method: "DELETE", path: "/mcp" }, 400],
  ["DELETE of an unknown session (404)", { method: "DELETE", path: "/mcp", headers: { "mcp-session-id": "nope" } }, 404],
];

describe("toNodeListener(toFetchHandler(…)) and the fetch path answer alike", () => {
  it.each(SINGLE)("%s", async (_name, sent, status) => {
    const handler = http.toFetchHandler(await wireServer(), { path: "/mcp", maxBodyBytes: 256 });
    const [fetched, served] = [await viaFetch(handler)(sent), await (await viaNode(handler))(sent)];
    expect(served).toEqual(fetched);
    expect(served.status).toBe(status);
  });

  /** A legacy session's life, principals told apart: each step's answer, as a list. */
  async function sessionLife(send: Send): Promise<Answer[]> {
    const as = (user: string, id: string, extra: Record<string, string> = {}) => ({ ...JSON_TYPE, "x-user": user, "mcp-session-id": id, "mcp-protocol-version": LEGACY, ...extra });
    const opened = await send({ method: "POST", path: "/mcp", headers: { ...JSON_TYPE, "x-user": "alice" }, body: initialize });
    const answers = [opened];
    const id = lastSessionId;
    const list = JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list", params: {} });
    answers.push(await send({ method: "POST", path: "/mcp", headers: as("alice", id), body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }) }));
    answers.push(await send({ method: "POST", path: "/mcp", headers: as("alice", id), body: list }));
    answers.push(await send({ method: "POST", path: "/mcp", headers: as("bob", id), body: list }));
    answers.push(await send({ method: "POST", path: "/mcp", headers: as("alice", id, { "mcp-protocol-version": "2025-06-18" }), body: list }));
    answers.push(await send({ method: "GET", path: "/mcp", headers: as("bob", id) }));
    answers.push(await send({ method: "GET", path: "/mcp", headers: as("alice", id) }));
    answers.push(await send({ method: "DELETE", path: "/mcp", headers: as("bob", id) }));
    answers.push(await send({ method: "DELETE", path: "/mcp", headers: as("alice", id) }));
    answers.push(await send({ method: "DELETE", path: "/mcp", headers: as("alice", id) }));
    return answers;
  }

  it("a session's life (initialize, calls, GET stream, DELETE) with a principal callback", async () => {
    const handler = http.toFetchHandler(await wireServer(), { path: "/mcp", principal: (request) => `${request.method} ${new URL(request.url).pathname} ${request.headers.get("x-user")}`.split(" ")[2] });
    const fetched = await sessionLife(viaFetch(handler));
    const served = await sessionLife(await viaNode(handler));
    expect(served).toEqual(fetched);
    expect(served.map((a) => a.status)).toEqual([200, 202, 200, 404, 400, 404, 200, 404, 200, 404]);
  });

  it("auth: the metadata, no token, a refused token, a failing verify, a valid token", async () => {
    const verify = async (token: string, request: Request) => {
      if (token === "boom") throw new Error("the key set is unreachable");
      // What a verifier may read of the request: both paths give it the method, URL and headers.
      return token === "good" && request.method === "POST" && new URL(request.url).pathname === "/mcp" && request.headers.get("content-type") === "application/json" ? { subject: "alice", clientId: "app", scopes: [], claims: {} } : undefined;
    };
    const auth = { resource: "http://127.0.0.1:9/mcp", authorizationServers: ["https://as.example"], scopesSupported: ["a"], verify };
    const handler = http.toFetchHandler(await wireServer(), { path: "/mcp", auth });
    const requests: Sent[] = [
      { method: "GET", path: "/.well-known/oauth-protected-resource/mcp" },
      { method: "OPTIONS", path: "/.well-known/oauth-protected-resource" },
      { method: "POST", path: "/.well-known/oauth-protected-resource" },
      { method: "POST", path: "/mcp", headers: standard("tools/call", "echo"), body: call(1, "echo") },
      { method: "POST", path: "/mcp", headers: { ...standard("tools/call", "echo"), authorization: "Basic eDp5" }, body: call(1, "echo") },
      { method: "POST", path: "/mcp", headers: { ...standard("tools/call", "echo"), authorization: "Bearer bad" }, body: call(1, "echo") },
      { method: "POST", path: "/mcp", headers: { ...standard("tools/call", "echo"), authorization: "Bearer boom" }, body: call(1, "echo") },
      { method: "POST", path: "/mcp", headers: { ...standard("tools/call", "echo"), authorization: "Bearer good" }, body: call(1, "echo") },
    ];
    const [fetchSend, nodeSend] = [viaFetch(handler), await viaNode(handler)];
    const fetched: Answer[] = [];
    const served: Answer[] = [];
    for (const sent of requests) fetched.push(await fetchSend(sent)), served.push(await nodeSend(sent));
    expect(served).toEqual(fetched);
    expect(served.map((a) => a.status)).toEqual([200, 204, 405, 401, 400, 401, 503, 200]);
  });
});

