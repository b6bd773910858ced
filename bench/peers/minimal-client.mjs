// The floor of the client bench: a hand-written 2026-07-28 client with no MCP library, no
// validation and no timeouts, only what every client must do per call (build the request,
// JSON.stringify, write it, find the answer's line or body, JSON.parse, settle the caller). Timed
// against the same server as the real clients, it shows how fast a client can be there at all:
// when even this one is not 1.5x the SDK client, the server's share of a round trip is what
// bounds the ratio.
import { spawn } from "node:child_process";
import { Agent, request as httpRequest } from "node:http";
import { envelopeMeta } from "./stdio-client.mjs";

/** The 2026-07-28 `_meta` envelope, with the clientInfo the bench's other clients send. */
const META = envelopeMeta({ name: "bench", version: "1.0.0" });

function callMessage(id, name, args) {
  return { jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args, _meta: META } };
}

/** The result of an answer, or a thrown error for a JSON-RPC error. */
function resultOf(answer) {
  if (answer.error) throw new Error(`${answer.error.code} ${answer.error.message}`);
  return answer.result;
}

/** Over stdio: spawns `command args`; newline-delimited JSON both ways. */
export function minimalStdioClient({ command, args }) {
  const child = spawn(command, args, { stdio: ["pipe", "pipe", "ignore"] });
  const waiting = new Map();
  let pending = "";
  let nextId = 0;
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (chunk) => {
    pending += chunk;
    for (let end = pending.indexOf("\n"); end !== -1; end = pending.indexOf("\n")) {
      const answer = JSON.parse(pending.slice(0, end));
      pending = pending.slice(end + 1);
      const settle = waiting.get(answer.id);
      if (!settle) continue;
      waiting.delete(answer.id);
      settle(answer);
    }
  });
  return {
    callTool({ name, arguments: args }) {
      const id = ++nextId;
      return new Promise((resolve, reject) => {
        waiting.set(id, (answer) => {
          try {
            resolve(resultOf(answer));
          } catch (error) {
            reject(error);
          }
        });
        child.stdin.write(`${JSON.stringify(callMessage(id, name, args))}\n`);
      });
    },
    close: () => void child.kill("SIGTERM"),
  };
}

/** The JSON-RPC message of an HTTP answer: a JSON body, or the first `data:` event of an SSE one. */
function answerOf(contentType, body) {
  if (!contentType.startsWith("text/event-stream")) return JSON.parse(body);
  for (const line of body.split("\n")) if (line.startsWith("data:")) return JSON.parse(line.slice(5));
  throw new Error(`no message in the event stream: ${body.slice(0, 200)}`);
}

/** Over Streamable HTTP (POST per call, one keep-alive connection), with the headers 2026-07-28 asks for. */
export function minimalHttpClient(url) {
  const target = new URL(url);
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  let nextId = 0;
  return {
    callTool({ name, arguments: args }) {
      const body = JSON.stringify(callMessage(++nextId, name, args));
      const headers = {
        "Content-Type": "application/json",
        Accept: "application/json, text/event-stream",
        "Content-Length": Buffer.byteLength(body),
        "MCP-Protocol-Version": "2026-07-28",
        "Mcp-Method": "tools/call",
        "Mcp-Name": name,
      };
      return new Promise((resolve, reject) => {
        const req = httpRequest({ host: target.hostname, port: target.port, path: target.pathname, method: "POST", agent, headers }, (res) => {
          let text = "";
          res.setEncoding("utf8");
          res.on("data", (chunk) => (text += chunk));
          res.on("end", () => {
            try {
              resolve(resultOf(answerOf(res.headers["content-type"] ?? "", text)));
            } catch (error) {
              reject(error);
            }
          });
        });
        req.on("error", reject);
        req.end(body);
      });
    },
    close: () => agent.destroy(),
  };
}
