// `connect()` over several generated revisions: probe with `server/discover` and apply the
// versioning prose's three branches. A DiscoverResult means a stateless server (use the newest
// revision both sides speak); -32022 names the versions it supports (use one that was generated);
// anything else (another error, a timeout, an HTTP failure) means a session-era server: `initialize`.
import { ClientCore, type CoreOptions, type ServerSnapshot } from "./core.js";
import { ClientError, isClientError } from "./errors.js";
import type { RevisionSpec } from "./handlers.js";
import type { Channel } from "./channel.js";
import type { Transport } from "../shared/transport.js";

const UNSUPPORTED_PROTOCOL_VERSION = -32022;

/** What each revision's client.ts offers connect(): its spec and how to wrap a core as its client. */
export interface ClientRevision {
  spec: RevisionSpec;
  wrap(core: ClientCore): unknown;
}

export interface ConnectOptions extends CoreOptions {
  /** How long the `server/discover` probe may take before the server counts as session-era (default 10 s). */
  probeTimeoutMs?: number | undefined;
}

export type TransportFactory = () => Transport | Promise<Transport>;

const DATED = /^\d{4}-\d{2}-\d{2}$/;

/** Newest dated version first, then the rest (a draft); one revision per protocol version. */
export function preferenceOrder(revisions: readonly ClientRevision[]): ClientRevision[] {
  const rank = (r: ClientRevision) => (DATED.test(r.spec.protocolVersion) ? 0 : 1);
  const sorted = [...revisions].sort((a, b) => rank(a) - rank(b) || (a.spec.protocolVersion < b.spec.protocolVersion ? 1 : a.spec.protocolVersion > b.spec.protocolVersion ? -1 : 0));
  return sorted.filter((r, i) => sorted.findIndex((o) => o.spec.protocolVersion === r.spec.protocolVersion) === i);
}

const eraOf = (spec: RevisionSpec) => (Object.hasOwn(spec.methods, "initialize") ? "session" : "stateless");

/** The data of a received error, validated or not (connect reads `supported` either way). */
function errorData(error: unknown): { supported?: unknown } | undefined {
  const e = error as { data?: unknown; invalidData?: { value?: unknown } } | null;
  const data = e?.data ?? e?.invalidData?.value;
  return data !== null && typeof data === "object" ? (data as { supported?: unknown }) : undefined;
}

/**
 * Connects over a transport the factory makes (a second one when the probe lost the first). A
 * failure closes every transport it made, so that no server process or socket outlives it.
 */
export async function connectWith(revisions: readonly ClientRevision[], factory: TransportFactory, options: ConnectOptions): Promise<unknown> {
  const made: Transport[] = [];
  const tracked = async () => {
    const transport = await factory();
    made.push(transport);
    return transport;
  };
  try {
    return await negotiate(revisions, tracked, options);
  } catch (error) {
    await Promise.all(made.map((transport) => transport.close().catch(() => undefined)));
    throw error;
  }
}

async function negotiate(revisions: readonly ClientRevision[], factory: TransportFactory, options: ConnectOptions): Promise<unknown> {
  const ordered = preferenceOrder(revisions);
  const stateless = ordered.filter((r) => eraOf(r.spec) === "stateless");
  const sessionEra = ordered.filter((r) => eraOf(r.spec) === "session");
  let channel: Transport | Channel = await factory();
  let cause: unknown;
  if (stateless.length) {
    const probe = new ClientCore(stateless[0]!.spec, channel, { ...options, retryOnUnsupportedVersion: false });
    try {
      const snapshot = await probe.open({ timeoutMs: options.probeTimeoutMs ?? 10_000 });
      const pick = pickStateless(stateless, snapshot);
      return pick === stateless[0] ? pick.wrap(probe) : pick.wrap(new ClientCore(pick.spec, probe.channel, options, { snapshot: { ...snapshot, protocolVersion: pick.spec.protocolVersion } }));
    } catch (error) {
      cause = error;
      const code = (error as { code?: unknown } | null)?.code;
      if (code === UNSUPPORTED_PROTOCOL_VERSION) {
        const supported = errorData(error)?.supported;
        const pick = ordered.find((r) => Array.isArray(supported) && supported.includes(r.spec.protocolVersion));
        if (!pick) throw new ClientError("version", `the server supports ${JSON.stringify(supported)}; this client was generated for ${ordered.map((r) => r.spec.protocolVersion).join(", ")}`, { cause: error });
        if (eraOf(pick.spec) === "stateless") {
          const core = new ClientCore(pick.spec, probe.channel, options);
          await core.open();
          return pick.wrap(core);
        }
        return initializeSession([pick, ...sessionEra.filter((r) => r !== pick)], probe.channel, options);
      }
      if (isClientError(error, "version")) throw error;
      // Anything else identifies a session-era server; a connection the probe lost is opened anew.
      channel = probe.channel.isClosed ? await factory() : probe.channel;
    }
  }
  if (!sessionEra.length) throw new ClientError("version", `the server did not answer server/discover as a stateless server, and no session-era revision was generated`, { cause });
  return initializeSession(sessionEra, channel, options);
}

function pickStateless(stateless: ClientRevision[], snapshot: ServerSnapshot): ClientRevision {
  const listed = snapshot.supportedVersions;
  if (!Array.isArray(listed)) return stateless[0]!;
  const pick = stateless.find((r) => listed.includes(r.spec.protocolVersion));
  if (!pick) throw new ClientError("version", `the server supports ${JSON.stringify(listed)}; this client was generated for ${stateless.map((r) => r.spec.protocolVersion).join(", ")}`);
  return pick;
}

/** `initialize` with the preferred session-era revision; the server's answer picks the revision's client. */
async function initializeSession(revisions: ClientRevision[], channel: Transport | Channel, options: ConnectOptions): Promise<unknown> {
  const first = revisions[0]!;
  const core = new ClientCore(first.spec, channel, { ...options, acceptVersions: revisions.map((r) => r.spec.protocolVersion) });
  const snapshot = await core.open();
  const pick = revisions.find((r) => r.spec.protocolVersion === snapshot.protocolVersion) ?? first;
  return pick === first ? first.wrap(core) : pick.wrap(new ClientCore(pick.spec, core.channel, options, { snapshot, opened: true }));
}
