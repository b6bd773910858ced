// Raw Streamable HTTP for tests that look at the wire across replicas: legacy sessions
// (initialize, Mcp-Session-Id), stateless requests with their envelope and headers, and SSE
// streams read event by event (with their ids).
import { readSse, type SseEvent } from "../../templates/runtime/shared/sse.js";

export const LEGACY = "2025-11-25";
export const MODERN = "2026-07-28";

const JSON_AND_SSE = { "content-type": "application/json", accept: "application/json, text/event-stream" };

export const sessionHeaders = (session: string): Record<string, string> => ({ "mcp-session-id": session, "mcp-protocol-version": LEGACY });

/** The stateless envelope of 2026-07-28. */
export const envelope = (capabilities: Record<string, unknown> = {}) => ({
  "io.modelcontextprotocol/protocolVersion": MODERN,
  "io.modelcontextprotocol/clientCapabilities": capabilities,
  "io.modelcontextprotocol/clientInfo": { name: "replica-tests", version: "1.0.0" },
});

export function post(url: string, body: unknown, headers: Record<string, string> = {}, signal?: AbortSignal): Promise<Response> {
  return fetch(url, { method: "POST", headers: { ...JSON_AND_SSE, ...headers }, body: JSON.stringify(body), ...(signal ? { signal } : {}) });
}

/** An SSE response read event by event; `cut()` drops the connection. */
export class Events {
  readonly #events: AsyncGenerator<SseEvent, unknown>;
  readonly #controller: AbortController | undefined;

  constructor(response: Response, controller?: AbortController) {
    if (!response.body || !response.headers.get("content-type")?.startsWith("text/event-stream")) throw new Error(`not an event stream: HTTP ${response.status} ${response.headers.get("content-type")}`);
    this.#events = readSse(response.body);
    this.#controller = controller;
  }

  /** The next event (its id and decoded data); undefined once the stream ended; throws after `ms` without one. */
  async next(ms = 5000): Promise<{ id: string; message: any } | undefined> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no event within ${ms} ms`)), ms)));
    try {
      const step = await Promise.race([this.#events.next(), timeout]);
      return step.done ? undefined : { id: step.value.lastEventId, message: JSON.parse(step.value.data) };
    } finally {
      clearTimeout(timer);
    }
  }

  cut(): void {
    this.#controller?.abort();
  }
}

/** The answer to request `id` in a POST's response: its JSON, or the message with that id on its SSE stream. */
export async function answerOf(response: Response, id: unknown): Promise<any> {
  if (!response.headers.get("content-type")?.startsWith("text/event-stream")) return response.json();
  const events = new Events(response);
  for (;;) {
    const event = await events.next(15_000);
    if (!event) throw new Error(`the stream ended without an answer to ${String(id)}`);
    if (event.message.id === id && !("method" in event.message)) return event.message;
  }
}

let ids = 0;

/** A request on a legacy session; resolves with its answer (HTTP errors included, as their JSON). */
export async function call(url: string, session: string, method: string, params: Record<string, unknown> = {}): Promise<any> {
  const id = ++ids;
  return answerOf(await post(url, { jsonrpc: "2.0", id, method, params }, sessionHeaders(session)), id);
}

/** Opens a legacy session (initialize, then notifications/initialized); resolves with its id. */
export async function openSession(url: string, capabilities: Record<string, unknown> = {}): Promise<string> {
  const response = await post(url, { jsonrpc: "2.0", id: ++ids, method: "initialize", params: { protocolVersion: LEGACY, capabilities, clientInfo: { name: "replica-tests", version: "1.0.0" } } });
  const session = response.headers.get("mcp-session-id");
  const body = await response.text();
  if (!session) throw new Error(`initialize: HTTP ${response.status} without a session: ${body}`);
  const initialized = await post(url, { jsonrpc: "2.0", method: "notifications/initialized" }, sessionHeaders(session));
  if (initialized.status !== 202) throw new Error(`notifications/initialized: HTTP ${initialized.status}`);
  return session;
}

/** A session's GET stream, past its priming comment. */
export async function getStream(url: string, session: string, lastEventId?: string): Promise<Events> {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { accept: "text/event-stream", ...sessionHeaders(session), ...(lastEventId ? { "last-event-id": lastEventId } : {}) }, signal: controller.signal });
  if (response.status !== 200) throw new Error(`GET: HTTP ${response.status}: ${await response.text()}`);
  return new Events(response, controller);
}

/** A stateless tools/call (2026-07-28) with its standard headers. */
export async function statelessCall(url: string, name: string, args: Record<string, unknown> = {}): Promise<any> {
  const id = ++ids;
  const headers = { "mcp-protocol-version": MODERN, "mcp-method": "tools/call", "mcp-name": name };
  return answerOf(await post(url, { jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args, _meta: envelope() } }, headers), id);
}
