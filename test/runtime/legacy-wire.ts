// Requests of a legacy (2025-11-25) session against a fetch handler, for the store tests that
// drive two replicas or one hostile session by hand.
import { LEGACY } from "./wire-server.js";

export type Handler = (request: Request) => Promise<Response>;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let lastId = 100;
/** A request id no earlier request of this file used. */
export const nextId = (): number => ++lastId;

/** Polls until `check` holds (Redis delivers through pub/sub, a moment later), or throws its last error after `ms`. */
export async function eventually(check: () => void | Promise<void>, ms = 10_000, every = 50): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await sleep(every);
    }
  }
}

/** POSTs a JSON-RPC message (a string is sent as it is); with `session`, in that session. */
export function post(handler: Handler, body: unknown, session?: string, extra: Record<string, string> = {}): Promise<Response> {
  const headers = { host: "127.0.0.1:9", "content-type": "application/json", ...(session ? { "mcp-session-id": session, "mcp-protocol-version": LEGACY } : {}), ...extra };
  return handler(new Request("http://127.0.0.1:9/mcp", { method: "POST", headers, body: typeof body === "string" ? body : JSON.stringify(body) }));
}

/** Initializes a session with these client capabilities (and extra headers): its id. */
export async function open(handler: Handler, capabilities: Record<string, unknown> = {}, extra: Record<string, string> = {}): Promise<string> {
  const response = await post(handler, { jsonrpc: "2.0", id: nextId(), method: "initialize", params: { protocolVersion: LEGACY, capabilities, clientInfo: { name: "t", version: "1" } } }, undefined, extra);
  await response.text();
  const session = response.headers.get("mcp-session-id");
  if (!session) throw new Error(`initialize: ${response.status}`);
  await post(handler, { jsonrpc: "2.0", method: "notifications/initialized" }, session, extra);
  return session;
}
