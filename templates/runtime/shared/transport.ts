// The transport contract, shaped like the official TypeScript SDK's `Transport` so that either
// side can use the other's transports: an SDK transport (say, its Streamable HTTP client with an
// OAuth provider) plugs into a generated client, and the transports emitted here into SDK code.
// Structural only: nothing here depends on the SDK.
import type { JsonRpcId, JsonRpcMessage } from "./jsonrpc.js";

/** Per-message options of `send` (the SDK's `TransportSendOptions`). */
export interface TransportSendOptions {
  /** The incoming request this message answers or relates to. */
  relatedRequestId?: JsonRpcId | undefined;
  /** Resume an interrupted stream from this event id (session-era Streamable HTTP). */
  resumptionToken?: string | undefined;
  onresumptiontoken?: ((token: string) => void) | undefined;
  /**
   * Aborts this message's own HTTP request (transports with a stream per request): closing a
   * response stream is how a Streamable HTTP client cancels a request.
   */
  requestSignal?: AbortSignal | undefined;
  /** Called when this request's own response stream ends without its response (not on abort). */
  onRequestStreamEnd?: (() => void) | undefined;
  /** Extra HTTP headers for this message (the `Mcp-Param-*` headers of a tool call). */
  headers?: Readonly<Record<string, string>> | undefined;
}

/**
 * A bidirectional JSON-RPC message channel. The callbacks are declared as methods (not function
 * properties) so that implementations whose message types are narrower or wider, like the SDK's,
 * still fit.
 */
export interface Transport {
  /** Opens the channel (spawns the process, …). Called once, before the first `send`. */
  start(): Promise<void>;
  /** Sends one message; rejects when it could not be delivered. */
  send(message: JsonRpcMessage, options?: TransportSendOptions): Promise<void>;
  /** Closes the channel; `onclose` follows. */
  close(): Promise<void>;
  onclose?(): void;
  onerror?(error: Error): void;
  onmessage?(message: JsonRpcMessage, extra?: unknown): void;
  /** The session-era Streamable HTTP session id, once the server assigned one. */
  sessionId?: string | undefined;
  /** Told the negotiated protocol version after a session-era `initialize`. */
  setProtocolVersion?(version: string): void;
  /** Where it connects (a URL, a command line): a response cache shared by several clients keys entries by it. */
  readonly endpoint?: string | undefined;
  /** True when every request has its own response stream (Streamable HTTP). */
  readonly hasPerRequestStream?: boolean | undefined;
  /** Told of what arrived that is not a message the client may act on (stdout noise, a request a stateless server may not send). */
  onProtocolNoise?(line: string, reason: string): void;
}

/** Why a transport closed, when it knows (the transports emitted here set it before `onclose`). */
export interface ClosedWithReason {
  readonly closeReason?: Error | undefined;
}

/** The reason a transport gives for closing, if it gives one. */
export function closeReasonOf(transport: Transport): Error | undefined {
  const reason = (transport as ClosedWithReason).closeReason;
  return reason instanceof Error ? reason : undefined;
}
