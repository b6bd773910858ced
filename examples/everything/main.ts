// The conformance suite's server fixture on generated code only, declared with the factories
// (server.ts): one definition set serves the 2026-07-28 (stateless) and 2025-11-25 (sessions) eras.
// `--port PORT` serves http://127.0.0.1:PORT/mcp; without it, stdio. `--redis URL` (or
// MCP_REDIS_URL) keeps sessions, streams and notifications in Redis: run several replicas alike.
import { serve, stateSecret, taskStoreFor } from "../shared/serve.js";
import { everythingServer } from "./server.js";

await serve(everythingServer(stateSecret(), await taskStoreFor(), Number(process.env["MCP_TASK_LEASE_MS"]) || undefined));
