// The two request paths of StreamableHttpTransport on Node: node:http on a keep-alive agent (the
// default) and fetch (`nodeHttp: false`, or a `fetch` given). Both send the same requests, read JSON
// and SSE answers alike, cancel a request by ending its connection and end what is in flight on
// close(); node:http reuses one connection for sequential requests.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_INFO, loadClient, type ClientModule } from "../helpers/client.js";
import { eventually } from "../helpers/hostile-connect.js";

let gen: ClientModule;
beforeAll(async () => {
  gen = await loadClient("2026-07-28");
});

interface Seen {
  headers: IncomingMessage["headers"];
  /** The request target (path and query). */
  target: string;
  body: { id: number; method: string; params: { name?: string; arguments?: { text?: string } } };
}

interface Served {
  url: string;
  seen: Seen[];
  sockets: Set<Socket>;
  connections: number;
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise<void>((resolve) => (s.closeAllConnections(), s.close(() => resolve())))));
});

/** Echoes tools/call as JSON, or as SSE for the text "sse"; never answers the text "hang". */
async function serve(): Promise<Served> {
  const served: Served = { url: "", seen: [], sockets: new Set(), connections: 0 };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let text = "";
    req.on("data", (chunk: Buffer) => (text += chunk.toString()));
    req.on("end", () => {
      const body = JSON.parse(text) as Seen["body"];
      served.seen.push({ headers: req.headers, target: req.url ?? "", body });
      if (body.id === undefined) return void res.writeHead(202).end();
      const said = body.params.arguments?.text ?? "";
      if (said === "hang") return;
      const answer = JSON.stringify({ jsonrpc: "2.0", id: body.id, result: { resultType: "complete", content: [{ type: "text", text: said }] } });
      if (said === "sse") res.writeHead(200, { "content-type": "text/event-stream" }).end(`event: message\ndata: ${answer}\n\n`);
      else res.writeHead(200, { "content-type": "application/json" }).end(answer);
    });
  });
  server.on("connection", (socket: Socket) => {
    served.connections++;
    served.sockets.add(socket);
    socket.on("close", () => served.sockets.delete(socket));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  served.url = `http://127.0.0.1:${(server.address() as { port: number }).port}/mcp`;
  return served;
}

// Node's fetch lets go of an aborted request's socket seconds later (failed-connect.test.ts waits
// for it): the connections' ends are checked on node:http only.
const PATHS: Array<[string, Record<string, unknown>, boolean]> = [
  ["node:http (the default on Node)", {}, true],
  ["fetch (nodeHttp: false)", { nodeHttp: false }, false],
  ["a fetch given", { fetch: (url: URL, init: RequestInit) => fetch(url, init) }, false],
];

const failure = (promise: Promise<unknown>): Promise<Error & { kind?: string }> => promise.then(() => new Error("resolved"), (error: unknown) => error as Error);

describe.each(PATHS)("StreamableHttpTransport over %s", (_name, options, onNodeHttp) => {
  it("sends the standard headers and reads JSON and SSE answers", async () => {
    const served = await serve();
    const client = gen.createClient(new gen.StreamableHttpTransport(served.url, { ...options, headers: { "x-api-key": "k" } }), { clientInfo: CLIENT_INFO });
    expect((await client.callTool({ name: "echo", arguments: { text: "json" } })).content).toEqual([{ type: "text", text: "json" }]);
    expect((await client.callTool({ name: "echo", arguments: { text: "sse ünïcode" } })).content).toEqual([{ type: "text", text: "sse ünïcode" }]);
    expect((await client.callTool({ name: "echo", arguments: { text: "sse" } })).content).toEqual([{ type: "text", text: "sse" }]);
    const headers = served.seen[0]!.headers;
    expect(headers).toMatchObject({ "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/call", "mcp-name": "echo", "x-api-key": "k" });
    expect(Number(headers["content-length"])).toBe(Buffer.byteLength(JSON.stringify(served.seen[0]!.body)));
    expect(Number(served.seen[1]!.headers["content-length"])).toBeGreaterThan(Number(headers["content-length"])); // ü and ï: two bytes each
    await client.close();
  });

  it("an aborted request rejects at once and its connection is ended; close() ends the ones in flight", async () => {
    const served = await serve();
    const client = gen.createClient(new gen.StreamableHttpTransport(served.url, options), { clientInfo: CLIENT_INFO });
    const controller = new AbortController();
    const aborted = failure(client.callTool({ name: "echo", arguments: { text: "hang" } }, { signal: controller.signal }));
    expect(await eventually(() => served.seen.length === 1, 5000)).toBe(true);
    controller.abort();
    expect(gen.isClientError(await aborted, "aborted")).toBe(true);
    if (onNodeHttp) expect(await eventually(() => served.sockets.size === 0, 5000)).toBe(true);
    const pending = failure(client.callTool({ name: "echo", arguments: { text: "hang" } }));
    expect(await eventually(() => served.seen.length === 2, 5000)).toBe(true);
    await client.close();
    expect(gen.isClientError(await pending, "closed")).toBe(true);
    if (onNodeHttp) expect(await eventually(() => served.sockets.size === 0, 5000)).toBe(true);
  });
});

it("node:http reuses one connection for sequential requests, and close() ends it", async () => {
  // (the global fetch's pool is shared by the whole process: its connections are not counted)
  const served = await serve();
  const client = gen.createClient(new gen.StreamableHttpTransport(served.url), { clientInfo: CLIENT_INFO });
  for (let i = 0; i < 20; i++) expect((await client.callTool({ name: "echo", arguments: { text: `hi ${i}` } })).content[0].text).toBe(`hi ${i}`);
  expect(served.connections).toBe(1);
  await client.close();
  expect(await eventually(() => served.sockets.size === 0, 5000)).toBe(true);
});

describe("StreamableHttpTransport over node:http: the URL's parts", () => {
  it("sends the path with its query, the Host header, and the URL's user info as Basic authorization, as node would from the URL", async () => {
    const served = await serve();
    const url = new URL(served.url);
    const given = `http://ada:p%40ss@${url.host}/mcp?tenant=a%20b`;
    const client = gen.createClient(new gen.StreamableHttpTransport(given), { clientInfo: CLIENT_INFO });
    expect((await client.callTool({ name: "echo", arguments: { text: "one" } })).content).toEqual([{ type: "text", text: "one" }]);
    expect((await client.callTool({ name: "echo", arguments: { text: "two" } })).content).toEqual([{ type: "text", text: "two" }]);
    for (const seen of served.seen) {
      expect(seen.target).toBe("/mcp?tenant=a%20b");
      expect(seen.headers.host).toBe(url.host);
      expect(seen.headers.authorization).toBe(`Basic ${Buffer.from("ada:p@ss").toString("base64")}`);
    }
    expect(served.connections).toBe(1);
    await client.close();
  });
});
