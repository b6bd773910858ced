// Loose types and an in-memory transport for the client tests. The generated modules are loaded
// at run time (they exist only after the global setup), so their types are described here.
import type { JsonRpcMessage, JsonRpcRequest } from "../../templates/runtime/shared/jsonrpc.js";
import type { Transport, TransportSendOptions } from "../../templates/runtime/shared/transport.js";
import { loadGenerated } from "./generated.js";

/** A generated client, loosely typed (the type tests check the real types). */
export interface AnyClient {
  revision: string;
  era: "stateless" | "session";
  protocolVersion: string;
  server: { protocolVersion: string; serverInfo?: { name: string; version: string }; capabilities?: Record<string, unknown>; supportedVersions?: string[] } | undefined;
  open(options?: object): Promise<NonNullable<AnyClient["server"]>>;
  request(method: string, params?: unknown, options?: object): Promise<any>;
  paginate(method: string, params?: unknown, options?: object): AsyncGenerator<any>;
  pages(method: string, params?: unknown, options?: object): AsyncGenerator<any>;
  listen(params: unknown, options?: object): AsyncIterableIterator<any> & { acknowledged: Promise<any>; ended: Promise<string>; close(): void };
  close(): Promise<void>;
  [stub: string]: any;
}

export interface ClientModule {
  createClient(transport: Transport, options: Record<string, unknown>): AnyClient;
  McpError: new (...args: any[]) => Error & { code: number; data: any };
  isMcpError(error: unknown, code?: number): boolean;
  ClientError: new (...args: any[]) => Error & { kind: string; detail?: Record<string, any> };
  isClientError(error: unknown, kind?: string): boolean;
  StdioTransport: new (options: Record<string, unknown>) => Transport & { pid: number | undefined; closeReason?: Error };
  StreamableHttpTransport: new (url: string | URL, options?: Record<string, unknown>) => Transport;
}

export function loadClient(revision: string): Promise<ClientModule> {
  return loadGenerated(revision) as Promise<unknown> as Promise<ClientModule>;
}

type Responder = (message: JsonRpcMessage, fake: FakeTransport, options: TransportSendOptions | undefined) => void | Promise<void>;

/** A transport whose "server" is a function of each message sent; it records everything. */
export class FakeTransport implements Transport {
  readonly hasPerRequestStream: boolean;
  readonly sent: Array<{ message: JsonRpcMessage; options: TransportSendOptions | undefined }> = [];
  onmessage?(message: JsonRpcMessage): void;
  onclose?(): void;
  onerror?(error: Error): void;
  setProtocolVersion?(version: string): void;
  protocolVersions: string[] = [];
  closed = false;
  private readonly respond: Responder;

  constructor(respond: Responder, options: { perRequestStream?: boolean } = {}) {
    this.respond = respond;
    this.hasPerRequestStream = options.perRequestStream ?? false;
    this.setProtocolVersion = (version) => this.protocolVersions.push(version);
  }

  async start(): Promise<void> {}

  async send(message: JsonRpcMessage, options?: TransportSendOptions): Promise<void> {
    this.sent.push({ message, options });
    queueMicrotask(() => void this.respond(message, this, options));
  }

  /** Delivers a message from the "server". */
  deliver(message: object): void {
    this.onmessage?.(message as JsonRpcMessage);
  }

  result(request: JsonRpcMessage, result: object): void {
    this.deliver({ jsonrpc: "2.0", id: (request as JsonRpcRequest).id, result });
  }

  error(request: JsonRpcMessage, code: number, message: string, data?: unknown): void {
    this.deliver({ jsonrpc: "2.0", id: (request as JsonRpcRequest).id, error: data === undefined ? { code, message } : { code, message, data } });
  }

  /** The requests sent so far (not notifications or responses). */
  requests(method?: string): JsonRpcRequest[] {
    return this.sent.map((s) => s.message).filter((m): m is JsonRpcRequest => "method" in m && "id" in m && (method === undefined || m.method === method));
  }

  notifications(method?: string): JsonRpcMessage[] {
    return this.sent.map((s) => s.message).filter((m) => "method" in m && !("id" in m) && (method === undefined || m.method === method));
  }

  async close(): Promise<void> {
    this.closed = true;
    this.onclose?.();
  }
}

export const CLIENT_INFO = { name: "mcp-gen-test-client", version: "1.0.0" };
