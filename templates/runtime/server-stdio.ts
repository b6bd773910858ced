// The stdio transport: newline-delimited JSON-RPC on stdin/stdout. stdout carries protocol
// messages only; diagnostics go to stderr. One process is one legacy session when the client
// opens with `initialize`; stateless requests are served as they come.
import { isObject } from "./server-messages.js";
import type { McpServer } from "./server.js";
import type { JsonRpcRequest, RequestId } from "./server-types.js";

/** What serveStdio reads from (process.stdin by default). */
export interface LineInput {
  on(event: string, listener: (...args: any[]) => void): unknown;
}

/** What serveStdio writes to (process.stdout by default). */
export interface LineOutput {
  write(text: string): unknown;
}

export interface StdioOptions {
  input?: LineInput;
  output?: LineOutput;
}

interface ProcessLike {
  stdin: LineInput;
  stdout: LineOutput;
}

/** Serves the server on stdin/stdout until stdin ends; resolves then. */
export function serveStdio(server: McpServer, options: StdioOptions = {}): Promise<void> {
  const proc = (globalThis as { process?: ProcessLike }).process;
  const input = options.input ?? proc?.stdin;
  const output = options.output ?? proc?.stdout;
  if (!input || !output) throw new TypeError("serveStdio needs an input and an output (no process.stdin/stdout here)");
  const write = (message: unknown) => void output.write(`${JSON.stringify(message)}\n`);
  const session = server.createSession("stdio");
  session.send = write;
  const inflight = new Map<RequestId, AbortController>();
  const decoder = new TextDecoder();
  let buffer = "";
  const onLine = (line: string) => {
    if (!line.trim()) return;
    let parsed: unknown = line;
    try {
      parsed = JSON.parse(line);
    } catch {
      // handle() answers text that is not JSON with a parse error.
    }
    if (isObject(parsed) && parsed["method"] === "notifications/cancelled" && isObject(parsed["params"])) inflight.get(parsed["params"]["requestId"] as RequestId)?.abort();
    const controller = new AbortController();
    const id = isObject(parsed) && typeof parsed["method"] === "string" ? (parsed as unknown as JsonRpcRequest).id : undefined;
    if (id !== undefined) inflight.set(id, controller);
    void server
      .handle(parsed, { session, notify: write, signal: controller.signal })
      .then((response) => response && write(response))
      .catch((error: unknown) => console.error("mcp server (stdio):", error))
      .finally(() => id !== undefined && inflight.delete(id));
  };
  return new Promise((resolve) => {
    input.on("data", (chunk: Uint8Array | string) => {
      buffer += typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true });
      for (let newline = buffer.indexOf("\n"); newline >= 0; newline = buffer.indexOf("\n")) {
        onLine(buffer.slice(0, newline).replace(/\r$/, ""));
        buffer = buffer.slice(newline + 1);
      }
    });
    input.on("end", () => {
      if (buffer.trim()) onLine(buffer);
      for (const controller of inflight.values()) controller.abort();
      session.close();
      resolve();
    });
  });
}
