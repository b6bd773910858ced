// A minimal hand-written echo server for the client bench: no MCP library, just enough protocol
// for both clients (server/discover, tools/call of `echo`), each answer built from pre-serialised
// JSON around the request's id and text. It spends a few microseconds per request, so a round trip
// against it is mostly the client's own cost (and the transport's):
//   node client-raw-server.mjs stdio     (newline-delimited JSON on stdin/stdout)
//   node client-raw-server.mjs http      (prints "PORT <n>"; POST only, JSON answers; 127.0.0.1)
import { createServer } from "node:http";

const SERVER_META = '"_meta":{"io.modelcontextprotocol/serverInfo":{"name":"raw-echo","version":"1.0.0"}}';
const DISCOVER = `{"supportedVersions":["2026-07-28"],"capabilities":{"tools":{}},"resultType":"complete",${SERVER_META}}`;

/** The answer to one request (JSON text), or undefined for a notification. */
function answer(text) {
  const message = JSON.parse(text);
  if (message.id === undefined) return undefined;
  const head = `{"jsonrpc":"2.0","id":${JSON.stringify(message.id)},`;
  if (message.method === "server/discover") return `${head}"result":${DISCOVER}}`;
  if (message.method === "tools/call" && message.params?.name === "echo") {
    return `${head}"result":{"content":[{"type":"text","text":${JSON.stringify(String(message.params.arguments?.text ?? ""))}}],"resultType":"complete",${SERVER_META}}}`;
  }
  return `${head}"error":{"code":-32601,"message":"Method not found"}}`;
}

if (process.argv[2] === "http") {
  const http = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const out = req.method === "POST" ? answer(body) : undefined;
      if (out === undefined) return void res.writeHead(req.method === "POST" ? 202 : 405).end();
      res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(out) }).end(out);
    });
  });
  http.listen(0, "127.0.0.1", () => console.log(`PORT ${http.address().port}`));
  process.on("SIGTERM", () => http.close(() => process.exit(0)));
} else {
  let pending = "";
  process.stdin.setEncoding("utf8");
  process.stdin.on("data", (chunk) => {
    pending += chunk;
    for (let end = pending.indexOf("\n"); end !== -1; end = pending.indexOf("\n")) {
      const line = pending.slice(0, end);
      pending = pending.slice(end + 1);
      const out = line.trim() ? answer(line) : undefined;
      if (out !== undefined) process.stdout.write(`${out}\n`);
    }
  });
  process.stdin.on("end", () => process.exit(0));
}
