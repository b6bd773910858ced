// The two workloads of the throughput bench, as raw HTTP requests (autocannon replays them) and as
// fetch calls (session set-up and the sanity probe). Both are one tools/list per nine tools/call of
// one `echo` tool, the mix of mcp-use's published benchmark.
//
// - "stateless": 2026-07-28, no session. Every request carries the per-request `_meta` envelope
//   (protocol version and client capabilities are required, clientInfo is a SHOULD) and the
//   MCP-Protocol-Version / Mcp-Method / Mcp-Name headers, as basic/index and
//   transports/streamable-http of 2026-07-28 require.
// - "session": 2025-11-25, initialize + notifications/initialized once per connection, then every
//   request with Mcp-Session-Id and MCP-Protocol-Version: 2025-11-25.

export const MODERN = "2026-07-28";
export const LEGACY = "2025-11-25";
export const PATH = "/mcp";
/** What the echo tool is asked to repeat under load (the probe uses a fresh text of its own). */
export const TEXT = "hello, throughput";
/** Per tools/list, this many tools/call: one list per nine calls. */
const CALLS_PER_LIST = 9;

const CLIENT_INFO = { name: "throughput-bench", version: "1.0.0" };
const ENVELOPE = { "io.modelcontextprotocol/protocolVersion": MODERN, "io.modelcontextprotocol/clientCapabilities": {}, "io.modelcontextprotocol/clientInfo": CLIENT_INFO };
// Both media types: a server may answer JSON or SSE, its choice (both eras require the client to accept both).
const BASE_HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream" };

function message(id, method, params) {
  return { jsonrpc: "2.0", id, method, params };
}

/** One request of a workload: the JSON-RPC message and its HTTP headers. */
function statelessRequest(id, method, text) {
  const params = method === "tools/call" ? { name: "echo", arguments: { text }, _meta: ENVELOPE } : { _meta: ENVELOPE };
  const headers = { ...BASE_HEADERS, "mcp-protocol-version": MODERN, "mcp-method": method, ...(method === "tools/call" ? { "mcp-name": "echo" } : {}) };
  return { headers, body: message(id, method, params) };
}

/** A request in a legacy session: `session` is { id, version } (the version the server negotiated). */
function sessionRequest(id, method, text, session) {
  const params = method === "tools/call" ? { name: "echo", arguments: { text } } : {};
  return { headers: { ...BASE_HEADERS, "mcp-protocol-version": session.version, "mcp-session-id": session.id }, body: message(id, method, params) };
}

/**
 * The 1:9 mix as autocannon request objects. Ids differ within a cycle (a session transport may
 * key its streams by request id; each connection has one request in flight, so a cycle never
 * overlaps itself).
 */
export function mixRequests(workload, session) {
  const methods = ["tools/list", ...Array(CALLS_PER_LIST).fill("tools/call")];
  return methods.map((method, i) => {
    const { headers, body } = workload === "stateless" ? statelessRequest(i + 1, method, TEXT) : sessionRequest(i + 1, method, TEXT, session);
    return { method: "POST", path: PATH, headers, body: JSON.stringify(body) };
  });
}

/** The JSON-RPC messages of an answer, whether the server chose JSON or an SSE stream. */
export async function messagesOf(response) {
  const text = await response.text();
  if (!(response.headers.get("content-type") ?? "").startsWith("text/event-stream")) return text ? [JSON.parse(text)] : [];
  return text
    .split(/\r?\n\r?\n/)
    .map((event) => event.split(/\r?\n/).filter((line) => line.startsWith("data:")).map((line) => line.slice(5).trimStart()).join("\n"))
    .filter(Boolean)
    .map((data) => JSON.parse(data));
}

async function post(url, { headers, body }) {
  const response = await fetch(url, { method: "POST", headers, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${body.method ?? "message"}: HTTP ${response.status} ${await response.text()}`);
  return response;
}

/**
 * A session, as a 2025-11-25 client opens it: initialize, then notifications/initialized. Resolves
 * with { id, version }: a server whose newest legacy revision is older (tmcp 1.20: 2025-06-18)
 * negotiates that one, as version negotiation allows, and the session then speaks it.
 */
export async function openSession(url) {
  const init = message(0, "initialize", { protocolVersion: LEGACY, capabilities: {}, clientInfo: CLIENT_INFO });
  const response = await post(url, { headers: BASE_HEADERS, body: init });
  const id = response.headers.get("mcp-session-id");
  const [answer] = await messagesOf(response);
  const version = answer?.result?.protocolVersion;
  if (!id) throw new Error(`initialize: no Mcp-Session-Id in the answer (${JSON.stringify(answer)})`);
  if (typeof version !== "string") throw new Error(`initialize: no protocolVersion in ${JSON.stringify(answer)}`);
  const initialized = { jsonrpc: "2.0", method: "notifications/initialized" };
  await (await post(url, { headers: { ...BASE_HEADERS, "mcp-protocol-version": version, "mcp-session-id": id }, body: initialized })).text();
  return { id, version };
}

/**
 * Checks, before any load, that the server really answers the workload: tools/list names `echo`
 * and tools/call echoes a fresh text as a text block. Throws with the answer otherwise, so that a
 * server answering errors fast is never benchmarked.
 */
export async function probe(url, workload, session) {
  const text = `probe-${Math.random().toString(36).slice(2)}`;
  const build = (id, method) => (workload === "stateless" ? statelessRequest(id, method, text) : sessionRequest(id, method, text, session));
  const [list] = (await messagesOf(await post(url, build(1, "tools/list")))).filter((m) => m.id === 1);
  if (!list?.result?.tools?.some((t) => t.name === "echo")) throw new Error(`tools/list does not name echo: ${JSON.stringify(list)}`);
  const [call] = (await messagesOf(await post(url, build(2, "tools/call")))).filter((m) => m.id === 2);
  const block = call?.result?.content?.[0];
  if (call?.result?.isError || block?.type !== "text" || block.text !== text) throw new Error(`tools/call did not echo ${text}: ${JSON.stringify(call)}`);
}
