// The sessions of a Streamable HTTP server (`Mcp-Session-Id`, 2025-11-25 and earlier), kept
// in the fetch handler's store: bounded in number, closed when idle, bound to the principal that
// opened them. A replica holds a *view* of a session only while it serves one of its requests or
// one of its GET streams: the view carries what cannot leave the process (requests in flight,
// answers awaited from the client, open streams), the store everything else. A GET stream sends
// the events the store logs for it, in order, from an id a reconnecting client may name; a
// stream whose client does not read is paused (its events wait in the store's bounded log).
import { ProtocolError } from "../shared/messages.js";
import { refreshSession, sessionSnapshot } from "./session.js";
import { StoreUnavailableError, type ChangeOutcome, type McpStore, type SessionChange, type StoreLimits, type StoreListener, type StoredEvent } from "../stores/store.js";
import type { McpServer, Session } from "./server.js";
import type { JsonRpcMessage, JsonRpcNotification } from "./types.js";

/** Where a GET stream's events go. */
export interface StreamSink {
  send(event: StoredEvent): void;
  close(): void;
  /** False while what was sent is not yet read (the client reads slowly, or not at all): sending waits for `resume`. */
  ready(): boolean;
}

/** An attached GET stream. */
export interface StreamHandle {
  detach(): void;
  /** The sink can take more: sending goes on from where it stopped. */
  resume(): void;
}

interface HeldStream {
  readonly token: string;
  readonly sink: StreamSink;
  /** The id of the last event read from the log. */
  cursor: string;
  reading: boolean;
  /** More was logged while a read ran: read again. */
  again: boolean;
  /** The sink was full: nothing is read for it until it resumes (what is logged meanwhile waits in the log). */
  paused: boolean;
}

interface View {
  readonly session: Session;
  /** Requests of it being served here (a view without requests or streams is forgotten). */
  uses: number;
  readonly streams: Map<string, HeldStream>;
}

const unavailable = () => new ProtocolError(-32000, "Service Unavailable: the session store is unreachable; retry shortly", undefined, 503);

export class SessionTable {
  readonly #server: McpServer;
  readonly #store: McpStore;
  readonly #views = new Map<string, View>();
  /** Names this table's streams apart from every other replica's. */
  readonly #replica: string = crypto.randomUUID();
  readonly #relay: { receive(message: JsonRpcNotification): void; close(): void };
  /** The notifications being written to the store (see `published`). */
  readonly #publishing = new Set<Promise<void>>();
  #streams = 0;
  #heartbeat: unknown;

  constructor(server: McpServer, store: McpStore, limits: StoreLimits) {
    this.#server = server;
    this.#store = store;
    store.open(limits, this.#listener());
    // The server's hub holds its relays for as long as it lives; a fetch handler that is dropped
    // (made per request, say) must not stay reachable through it, so the relay holds it weakly.
    const table = new WeakRef(this);
    const relay = server.relayNotifications((message) => {
      const live = table.deref();
      if (!live) return relay.close();
      const pending = live.#publishing;
      const done: Promise<void> = live.#store
        .publish(message)
        .catch((error: unknown) => live.#failed(error))
        .finally(() => pending.delete(done));
      pending.add(done);
    });
    this.#relay = relay;
  }

  /**
   * Settles when every notification published so far is in the store; undefined when none is
   * pending. An answer waits for it: a client that has the answer and then acts on another
   * replica finds the notifications its request caused logged before those its next one causes.
   */
  published(): Promise<unknown> | undefined {
    return this.#publishing.size ? Promise.all(this.#publishing) : undefined;
  }

  /** The session with this id opened by this principal (another principal's is not found), held until `release`. */
  async acquire(id: string, principal: string | undefined): Promise<Session | undefined> {
    // The store checks the principal before it restarts the idle time: another's request changes nothing.
    const record = await this.#store.getSession(id, principal ?? null);
    if (!record || record.principal !== (principal ?? null)) return undefined;
    let view = this.#views.get(id);
    if (view) refreshSession(view.session, record);
    else {
      const session = this.#server.restoreSession(record);
      if (!session) return undefined; // a version this replica does not serve
      view = this.#track(session);
    }
    view.uses++;
    return view.session;
  }

  /** The caller is done with a session it acquired. */
  release(session: Session): void {
    const view = this.#views.get(session.id);
    if (view?.session !== session) return;
    view.uses--;
    this.#forgetIfUnused(view);
  }

  /** Keeps a session just initialized: undefined, or why it was not (the store, or the principal's share of it, is full and refuses new ones). */
  async add(session: Session, principal: string | undefined): Promise<string | undefined> {
    const snapshot = sessionSnapshot(session);
    const made = snapshot && (await this.#store.createSession({ ...snapshot, principal: principal ?? null }));
    if (made?.created) return undefined;
    return made?.full === "principal" ? "too many sessions of this principal (maxSessionsPerPrincipal)" : "too many sessions";
  }

  /** Closes a session everywhere: its streams and requests end on whichever replica holds them. */
  async close(id: string): Promise<void> {
    await this.#store.deleteSession(id);
    this.#closeHere(id);
  }

  /**
   * Hands a client's answer or cancellation to the replica that awaits it, unless it is this
   * one. An answer goes only where a request awaits its id (else the store drops it); a
   * cancellation goes with its request id and nothing else.
   */
  async forward(session: Session, message: JsonRpcMessage): Promise<void> {
    if (handledHere(session, message)) return;
    const sent = "method" in message ? cancellationOf(message) : message;
    if (sent) await this.#store.forward(session.id, sent);
  }

  /**
   * Opens a GET stream of an acquired session: the events after `lastEventId` first, then those
   * logged for this stream. Resolves with its handle; undefined when the session is gone. The
   * replay is sent whole (the log keeps at most `eventWindow` events); later events only while
   * the sink is ready.
   */
  async attach(session: Session, lastEventId: string | undefined, sink: StreamSink): Promise<StreamHandle | undefined> {
    const view = this.#views.get(session.id);
    if (!view) return undefined;
    const token = `${this.#replica}.${++this.#streams}`;
    const attached = await this.#store.attachStream(session.id, token, lastEventId);
    if (!attached) return undefined;
    for (const event of attached.replay) sink.send(event);
    const stream: HeldStream = { token, sink, cursor: attached.cursor, reading: false, again: false, paused: false };
    view.streams.set(token, stream);
    this.#beat();
    this.#read(view, stream); // what was logged between the attach and now
    const resume = () => {
      if (!stream.paused) return;
      stream.paused = false;
      this.#read(view, stream);
    };
    return { detach: () => this.#detach(view, stream), resume };
  }

  #track(session: Session): View {
    const view: View = { session, uses: 0, streams: new Map() };
    session.onChange = (change) => this.#persist(session.id, change);
    // Another replica may receive the answer: the store knows the id is awaited before the client does.
    session.onAsk = (requestId) => this.#stored(() => this.#store.awaitAnswer(session.id, requestId));
    session.onAnswered = (requestId) => void this.#store.settleAnswer(session.id, requestId).catch((error: unknown) => this.#failed(error));
    this.#views.set(session.id, view);
    return view;
  }

  async #persist(id: string, change: SessionChange): Promise<"done" | "full"> {
    const outcome: ChangeOutcome = await this.#stored(() => this.#store.updateSession(id, change));
    if (outcome === "gone") throw new ProtocolError(-32001, "Session not found", undefined, 404);
    return outcome;
  }

  /** A store call of a request: a failure is said (unless it is an outage already said) and answered 503. */
  async #stored<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      this.#failed(error);
      throw unavailable();
    }
  }

  #forgetIfUnused(view: View): void {
    if (view.uses <= 0 && view.streams.size === 0 && this.#views.get(view.session.id) === view) this.#views.delete(view.session.id);
  }

  #detach(view: View, stream: HeldStream): void {
    if (!view.streams.delete(stream.token)) return;
    // A failed detach is harmless: a shared store forgets a stream whose holder stops renewing it.
    this.#store.detachStream(view.session.id, stream.token).catch(() => undefined);
    this.#forgetIfUnused(view);
    this.#beat();
  }

  /**
   * Reads the stream's log on from its cursor and sends what was logged for it; one read at a
   * time. Stops, the cursor before the first event not sent, when the sink is full.
   */
  #read(view: View, stream: HeldStream): void {
    if (stream.paused) return;
    if (stream.reading) {
      stream.again = true;
      return;
    }
    stream.reading = true;
    const open = () => view.streams.get(stream.token) === stream;
    void (async () => {
      try {
        do {
          stream.again = false;
          for (const event of await this.#store.readEvents(view.session.id, stream.cursor)) {
            if (!open()) return;
            if (event.target === stream.token) {
              if (!stream.sink.ready()) {
                stream.paused = true;
                return;
              }
              stream.sink.send(event);
            }
            stream.cursor = event.id;
          }
        } while (stream.again && open());
      } catch (error) {
        this.#failed(error); // the events stay logged: the next read (or the reconnection) sends them
      } finally {
        stream.reading = false;
      }
    })();
  }

  /** Ends what this replica holds of a closed session: its streams, its requests, the answers they await. */
  #closeHere(id: string): void {
    const view = this.#views.get(id);
    if (!view) return;
    this.#views.delete(id);
    for (const stream of [...view.streams.values()]) stream.sink.close();
    view.streams.clear();
    view.session.close();
    this.#beat();
  }

  #listener(): StoreListener {
    return {
      logged: (ids) => {
        for (const id of ids) {
          const view = this.#views.get(id);
          if (view) for (const stream of view.streams.values()) this.#read(view, stream);
        }
      },
      notification: (message) => this.#relay.receive(message),
      forwarded: (id, message) => {
        const view = this.#views.get(id);
        if (view) void this.#server.handle(message, { session: view.session });
      },
      closed: (id) => this.#closeHere(id),
      connection: (error) => (error ? this.#lost(error) : this.#regained()),
      // Only the bus: said, and nothing is given up (answers given meanwhile wait in the store).
      bus: (error) => (error ? this.#server.reportError(error) : this.#regained()),
    };
  }

  /**
   * The store's connection is lost: said once through onError, and the answers awaited from
   * clients are given up (they may have been posted to another replica, and would not reach this one).
   */
  #lost(error: Error): void {
    this.#server.reportError(error);
    for (const view of this.#views.values()) {
      for (const resolve of [...view.session.pending.values()]) resolve({ jsonrpc: "2.0", id: null, error: { code: -32603, message: "the session store's connection was lost while waiting for this answer" } });
    }
  }

  /** Back: streams read what was logged meanwhile, and those of sessions that are gone close. */
  #regained(): void {
    void this.#keepAlive().then(() => {
      for (const view of this.#views.values()) for (const stream of view.streams.values()) this.#read(view, stream);
    });
  }

  /** Runs the store's heartbeat while this replica holds GET streams (when the store asks for one). */
  #beat(): void {
    const every = this.#store.heartbeatMs;
    const holding = [...this.#views.values()].some((view) => view.streams.size > 0);
    if (every === undefined || holding === (this.#heartbeat !== undefined)) return;
    if (!holding) {
      clearInterval(this.#heartbeat as Parameters<typeof clearInterval>[0]);
      this.#heartbeat = undefined;
      return;
    }
    this.#heartbeat = setInterval(() => void this.#keepAlive(), every);
    // A heartbeat never keeps a process alive by itself (node: unref; elsewhere there is nothing to do).
    (this.#heartbeat as { unref?: () => void }).unref?.();
  }

  async #keepAlive(): Promise<void> {
    const held = [...this.#views.values()].filter((view) => view.streams.size > 0);
    if (!held.length) return;
    try {
      const gone = await this.#store.keepAlive(held.map((view) => view.session.id), held.flatMap((view) => [...view.streams.keys()]));
      for (const id of gone) this.#closeHere(id);
    } catch (error) {
      this.#failed(error);
    }
  }

  /** A store failure outside a request: an outage was already said by the store; anything else is reported. */
  #failed(error: unknown): void {
    if (!(error instanceof StoreUnavailableError)) this.#server.reportError(error);
  }
}

/** The longest request id a cancellation is forwarded with (a client's own ids are rarely longer than a UUID). */
const MAX_FORWARDED_ID = 256;

/** A cancellation as it is forwarded: its request id and nothing else; undefined when that id cannot be a request's. */
function cancellationOf(message: JsonRpcNotification): JsonRpcNotification | undefined {
  const requestId = message.params?.["requestId"];
  if (typeof requestId === "string" ? requestId.length > MAX_FORWARDED_ID : typeof requestId !== "number") return undefined;
  return { jsonrpc: "2.0", method: message.method, params: { requestId } };
}

/** True when nothing elsewhere can be waiting for this message: it answers a request awaited here, or cancels one running here. */
function handledHere(session: Session, message: JsonRpcMessage): boolean {
  if ("method" in message) return message.method !== "notifications/cancelled" || session.inflight.has(message.params?.["requestId"]);
  return message.id === undefined || message.id === null || session.pending.has(message.id);
}
