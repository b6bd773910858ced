// A load balancer of the tests' own (and the bench's): round robin over upstreams, request by
// request, with no stickiness of any kind (each request, a GET stream included, goes to the next
// upstream), as the harshest balancer would. Headers (Host included) pass unchanged; bodies stream
// both ways (SSE too); a client that goes away aborts its upstream request. An upstream that
// refuses the connection is skipped (the request never reached it), as a health check would.
import { createServer, request as httpRequest } from "node:http";

/** The header the proxy adds to each answer: which upstream (its index) gave it. */
export const UPSTREAM_HEADER = "x-test-upstream";

export async function startProxy(upstreams) {
  const targets = upstreams.map((u) => new URL(u));
  const counts = targets.map(() => 0);
  const log = [];
  let next = 0;
  const forward = (req, res, body, attempt) => {
    const index = next++ % targets.length;
    const target = targets[index];
    let done = false;
    const upstream = httpRequest({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      counts[index]++;
      log.push({ method: req.method ?? "", upstream: index });
      res.writeHead(answer.statusCode ?? 502, { ...answer.headers, [UPSTREAM_HEADER]: String(index) });
      res.flushHeaders();
      answer.pipe(res);
      answer.on("end", () => (done = true));
      answer.on("error", () => res.destroy());
    });
    upstream.on("error", (error) => {
      if (!res.headersSent && error.code === "ECONNREFUSED" && attempt + 1 < targets.length) forward(req, res, body, attempt + 1);
      else if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    });
    // The client went away before the answer ended: so does the upstream request (a finished one keeps its pooled socket).
    res.on("close", () => done || upstream.destroy());
    upstream.end(body);
  };
  const server = createServer((req, res) => {
    const chunks = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", () => forward(req, res, Buffer.concat(chunks), 0));
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    counts,
    log,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
