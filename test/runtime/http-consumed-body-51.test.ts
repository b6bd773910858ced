// A POST body read before the handler (issue 51 item 5): a body parser (Express's
// express.json()) or a middleware that read the web Request (Hono's c.req.json()) left nothing
// to read. The handler says so at once, naming the body parser, instead of never answering
// (Express with an async middleware), answering "the body could not be read" (express.json()
// alone), or failing with a locked-stream TypeError (Hono). Real frameworks, on 127.0.0.1:0 or
// in process.
import type { AddressInfo } from "node:net";
import express from "express";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LEGACY, generatedServer, wireServer } from "./wire-server.js";

const initialize = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: LEGACY, capabilities: {}, clientInfo: { name: "t", version: "1" } } });
const CONSUMED = /already read.*body parser.*express\.json\(\)/;

let gen: any;
const servers: Array<{ close(): unknown }> = [];
beforeAll(async () => {
  gen = await generatedServer();
});
afterAll(() => servers.forEach((s) => s.close()));

/** An Express app on 127.0.0.1:0 with these middlewares before the MCP route: its URL. */
async function expressWith(...before: express.RequestHandler[]): Promise<string> {
  const listener = gen.toNodeListener(gen.toFetchHandler(await wireServer(), { path: "/mcp" }));
  const app = express();
  for (const middleware of before) app.use(middleware);
  app.all("/mcp", (request, response) => listener(request, response));
  const http = await new Promise<ReturnType<typeof app.listen>>((resolve) => {
    const started = app.listen(0, "127.0.0.1", () => resolve(started));
  });
  servers.push(http);
  return `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
}

/** POSTs initialize; a handler that never answers fails the fetch after 3 s (the old behaviour with an async middleware). */
async function postInitialize(url: string): Promise<{ status: number; body: any }> {
  const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream" }, body: initialize, signal: AbortSignal.timeout(3_000) });
  const text = await response.text();
  return { status: response.status, body: text.startsWith("{") ? JSON.parse(text) : text };
}

describe("Express: a body express.json() read already", () => {
  const later: express.RequestHandler = async (_request, _response, next) => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    next();
  };

  it("behind an async middleware: answered at once, 500, naming the body parser", async () => {
    const { status, body } = await postInitialize(await expressWith(express.json(), later));
    expect(status).toBe(500);
    expect(body.error.message).toMatch(CONSUMED);
  });

  it("express.json() alone: the same answer, not 'the body could not be read'", async () => {
    const { status, body } = await postInitialize(await expressWith(express.json()));
    expect(status).toBe(500);
    expect(body.error.message).toMatch(CONSUMED);
  });

  it("with no body parser, behind the same async middleware, the body is read and initialize answered", async () => {
    const { status, body } = await postInitialize(await expressWith(later));
    expect(status).toBe(200);
    expect(body.result.protocolVersion).toBe(LEGACY);
  });
});

describe("Hono: a web Request whose body a middleware read", () => {
  async function honoWith(readFirst: boolean) {
    const handler = gen.toFetchHandler(await wireServer(), { path: "/mcp" });
    const app = new Hono();
    if (readFirst) app.use(async (c, next) => void (await c.req.json(), await next()));
    app.all("/mcp", (c) => handler(c.req.raw));
    return app;
  }
  const request = () => new Request("http://127.0.0.1:9/mcp", { method: "POST", headers: { host: "127.0.0.1:9", "content-type": "application/json", accept: "application/json, text/event-stream" }, body: initialize });

  it("after c.req.json(): 500 naming the body parser, not a locked-stream TypeError", async () => {
    const response = await (await honoWith(true)).fetch(request());
    expect(response.status).toBe(500);
    expect((await response.json()).error.message).toMatch(CONSUMED);
  });

  it("without it, initialize is answered", async () => {
    const response = await (await honoWith(false)).fetch(request());
    expect(response.status).toBe(200);
    expect((await response.json()).result.protocolVersion).toBe(LEGACY);
  });
});
