// Servers that make connect() fail (issue 32 item 3), and what the tests check after it: that no
// process and no socket of theirs is left.
import { createServer } from "node:http";
import type { Socket } from "node:net";
import { join } from "node:path";
import { REPO_ROOT } from "./spec.js";

/** The stdio server: argv[2] is its mode (silent, old-version, invalid-init), argv[3] a file for its pid. */
export const HOSTILE_CONNECT = join(REPO_ROOT, "test/client/fixtures/hostile-connect-server.mjs");

/** True while a process with this id exists. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Waits until `done()` holds, for at most `ms`; then returns what it says. */
export async function eventually(done: () => boolean, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; !done() && Date.now() < end; ) await new Promise((resolve) => setTimeout(resolve, 20));
  return done();
}

export interface NeverAnsweringServer {
  url: string;
  /** The connections still open. */
  sockets: Set<Socket>;
  /** The Mcp-Method of each POST, in order. */
  requests: string[];
  close(): Promise<void>;
}

/** A loopback server whose every POST gets an SSE stream that never carries a message. */
export async function neverAnsweringSse(): Promise<NeverAnsweringServer> {
  const sockets = new Set<Socket>();
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(String(req.headers["mcp-method"]));
    req.resume();
    res.writeHead(200, { "content-type": "text/event-stream" });
    res.write(": nothing will follow\n\n");
  });
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const close = () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}/mcp`, sockets, requests, close };
}
