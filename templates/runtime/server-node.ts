// Mounts a fetch handler in node:http (`http.createServer(toNodeListener(handler))`). Typed
// structurally, so the generated code needs no @types/node to compile.

/** What the adapter reads of node:http's IncomingMessage. */
export interface NodeRequestLike {
  method?: string | undefined;
  url?: string | undefined;
  headers: Record<string, string | string[] | undefined>;
  on(event: string, listener: (...args: any[]) => void): unknown;
}

/** What the adapter uses of node:http's ServerResponse. */
export interface NodeResponseLike {
  writeHead(status: number, headers: Record<string, string | string[]>): unknown;
  write(chunk: Uint8Array): boolean;
  end(): unknown;
  on(event: string, listener: (...args: any[]) => void): unknown;
  once(event: string, listener: (...args: any[]) => void): unknown;
  readonly writableEnded: boolean;
  readonly headersSent: boolean;
}

function readBody(request: NodeRequestLike): Promise<Uint8Array<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    request.on("data", (chunk: Uint8Array) => chunks.push(chunk));
    request.on("end", () => {
      const body = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
      let at = 0;
      for (const chunk of chunks) {
        body.set(chunk, at);
        at += chunk.length;
      }
      resolve(body);
    });
    request.on("error", reject);
  });
}

function headersOf(request: NodeRequestLike): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  return headers;
}

/** A web Request for a node request; its signal aborts when the client goes away before the answer ends. */
export async function toWebRequest(request: NodeRequestLike, response: NodeResponseLike): Promise<Request> {
  const controller = new AbortController();
  response.on("close", () => {
    if (!response.writableEnded) controller.abort();
  });
  const method = request.method ?? "GET";
  const host = typeof request.headers["host"] === "string" ? request.headers["host"] : "localhost";
  const body = method === "GET" || method === "HEAD" ? undefined : await readBody(request);
  return new Request(`http://${host}${request.url ?? "/"}`, { method, headers: headersOf(request), signal: controller.signal, ...(body ? { body } : {}) });
}

/** Writes a web Response to node, streaming its body (SSE included) until it ends or the client leaves. */
export async function writeWebResponse(web: Response, response: NodeResponseLike): Promise<void> {
  const headers: Record<string, string> = {};
  web.headers.forEach((value, name) => (headers[name] = value));
  response.writeHead(web.status, headers);
  if (!web.body) {
    response.end();
    return;
  }
  const reader = web.body.getReader();
  response.on("close", () => void reader.cancel().catch(() => undefined));
  for (;;) {
    const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
    if (done || !value) break;
    if (!response.write(value)) await new Promise<void>((resolve) => response.once("drain", () => resolve()));
  }
  if (!response.writableEnded) response.end();
}

/** A node:http request listener around a fetch handler. */
export function toNodeListener(handler: (request: Request) => Promise<Response>): (request: NodeRequestLike, response: NodeResponseLike) => void {
  return (request, response) => {
    void (async () => {
      try {
        await writeWebResponse(await handler(await toWebRequest(request, response)), response);
      } catch (error) {
        console.error("mcp server (http):", error);
        if (!response.headersSent) response.writeHead(500, { "content-type": "application/json" });
        if (!response.writableEnded) response.end();
      }
    })();
  };
}
