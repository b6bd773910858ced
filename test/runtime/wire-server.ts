// A server on the generated code of every revision (test/tmp/generated, from the global setup),
// with handlers that exercise what the wire tests look at.
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { GENERATED_ROOT } from "../helpers/spec.js";

export const MODERN = "2026-07-28";
export const LEGACY = "2025-11-25";

export const meta = (extra: Record<string, unknown> = {}, capabilities: Record<string, unknown> = {}) => ({
  "io.modelcontextprotocol/protocolVersion": MODERN,
  "io.modelcontextprotocol/clientCapabilities": capabilities,
  ...extra,
});

export const seen: { aborted: boolean[] } = { aborted: [] };

/** The generated root server module (every revision of the mirror). */
export async function generatedServer(): Promise<any> {
  return import(pathToFileURL(join(GENERATED_ROOT, "server.ts")).href);
}

export interface WireOptions {
  /** The state secret; null: none (a random key per process). */
  secret?: string | null;
  validateResults?: boolean;
  onError?: (error: unknown) => void;
  /** Handlers that replace the wire server's own. */
  handlers?: Record<string, unknown>;
  /** ServerOptions.maxSubscriptionUriLength (the runtime's default when absent). */
  maxSubscriptionUriLength?: number;
  /** More ServerOptions (maxSubscriptions, maxListenStreams, ...), given as they are. */
  server?: Record<string, unknown>;
}

export async function wireServer(options: WireOptions = {}): Promise<any> {
  const { createServer } = await generatedServer();
  const { McpError } = await import(pathToFileURL(join(GENERATED_ROOT, MODERN, "errors.ts")).href);
  const tools = [
    { name: "echo", inputSchema: { type: "object" } },
    { name: "mirrored", inputSchema: { type: "object", properties: { region: { type: "string", "x-mcp-header": "Region" }, n: { type: "integer", "x-mcp-header": "N" } } } },
  ];
  return createServer({
    serverInfo: { name: "wire", version: "1.0.0" },
    capabilities: { tools: { listChanged: true }, prompts: { listChanged: true }, resources: { subscribe: true } },
    ...(options.secret === null ? {} : { stateSecret: options.secret ?? "wire tests: a secret of at least 32 bytes" }),
    validateResults: options.validateResults ?? true,
    ...(options.maxSubscriptionUriLength ? { maxSubscriptionUriLength: options.maxSubscriptionUriLength } : {}),
    ...options.server,
    onError: options.onError ?? (() => undefined),
    handlers: {
      "tools/list": () => ({ tools, ttlMs: 0, cacheScope: "private" }),
      "tools/call": async (params: any, ctx: any) => {
        const args = params.arguments ?? {};
        switch (params.name) {
          case "throws":
            throw new Error("secret internals: db password is hunter2");
          case "mcp-error":
            throw new McpError(-32602, "Unknown thing", { thing: args.thing });
          case "needs-sampling":
            ctx.requireClientCapabilities({ sampling: {} });
            return { content: [] };
          case "bad-result":
            return { content: "not an array" };
          case "progress":
            ctx.progress?.(1, 2);
            ctx.progress?.(2, 2);
            return { content: [{ type: "text", text: "done" }] };
          case "wait-for-cancel":
            await new Promise<void>((resolve) => (ctx.signal.aborted ? resolve() : ctx.signal.addEventListener("abort", () => resolve(), { once: true })));
            seen.aborted.push(true);
            return { content: [] };
          case "ask": {
            const answer = ctx.inputResponses?.name;
            if (answer) return { content: [{ type: "text", text: `hello ${answer.content?.name} (${JSON.stringify(ctx.requestState)})` }] };
            return ctx.inputRequired({
              inputRequests: { name: { method: "elicitation/create", params: { mode: "form", message: "Name?", requestedSchema: { type: "object", properties: { name: { type: "string" } } } } } },
              requestState: { round: 1 },
            });
          }
          default:
            return { content: [{ type: "text", text: `echo ${JSON.stringify(args)}` }] };
        }
      },
      ...options.handlers,
    },
  });
}
