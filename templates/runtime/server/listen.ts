// Server-initiated notifications: `subscriptions/listen` streams of stateless clients and the
// sessions of session-era clients, fed by the server's notify methods.
import { META } from "../shared/protocol.js";
import { notification } from "../shared/messages.js";
import type { JsonObject, JsonRpcNotification, RequestId } from "./types.js";

/** What `subscriptions/listen` asks for (the schema's SubscriptionFilter). */
export interface SubscriptionFilter {
  toolsListChanged?: boolean;
  promptsListChanged?: boolean;
  resourcesListChanged?: boolean;
  resourceSubscriptions?: string[];
}

/** The kinds of change a server announces, and the notification method of each. */
export const CHANGES = {
  toolsListChanged: "notifications/tools/list_changed",
  promptsListChanged: "notifications/prompts/list_changed",
  resourcesListChanged: "notifications/resources/list_changed",
} as const;
export type Change = keyof typeof CHANGES;
const UPDATED = "notifications/resources/updated";

/**
 * Default bounds of what a client subscribes to: URIs per session or per listen stream,
 * and their length (ServerOptionsBase.maxSubscriptions, maxSubscriptionUriLength); listen
 * streams one caller holds open (maxListenStreams).
 */
export const MAX_SUBSCRIPTIONS = 100;
export const MAX_SUBSCRIPTION_URI_LENGTH = 2_048;
export const MAX_LISTEN_STREAMS = 100;

/** The part of a filter the server honours, from its declared capabilities. */
export function honouredFilter(requested: SubscriptionFilter, capabilities: JsonObject): SubscriptionFilter {
  const cap = (name: string, flag: string) => {
    const value = capabilities[name];
    return value !== null && typeof value === "object" && (value as JsonObject)[flag] === true;
  };
  const filter: SubscriptionFilter = {};
  if (requested.toolsListChanged && cap("tools", "listChanged")) filter.toolsListChanged = true;
  if (requested.promptsListChanged && cap("prompts", "listChanged")) filter.promptsListChanged = true;
  if (requested.resourcesListChanged && cap("resources", "listChanged")) filter.resourcesListChanged = true;
  if (requested.resourceSubscriptions?.length && cap("resources", "subscribe")) filter.resourceSubscriptions = [...requested.resourceSubscriptions];
  return filter;
}

/** Someone who receives server-initiated notifications. */
export interface Listener {
  deliver(message: JsonRpcNotification): void;
}

/**
 * What a listener hears: the notifications of these methods ("all": every one but resource
 * updates), and the updates of these resources. The hub files it under each, so a notification
 * reaches its listeners without asking every other.
 */
export interface Interest {
  methods: readonly string[] | "all";
  uris: Iterable<string>;
}

/** A listener's place in the hub: its resources may change (a session's subscriptions). */
export interface Registration {
  subscribe(uri: string): void;
  unsubscribe(uri: string): void;
  remove(): void;
}

/** A notification as a listen stream sends it: with the stream's subscription id in `_meta`. */
export function tagged(id: RequestId, message: JsonRpcNotification): JsonRpcNotification {
  const params = { ...(message.params ?? {}) };
  params["_meta"] = { ...((params["_meta"] as JsonObject | undefined) ?? {}), [META.subscriptionId]: id };
  return { ...message, params };
}

/** One open `subscriptions/listen` stream: every notification carries the subscription id. */
export function listenStream(id: RequestId, filter: SubscriptionFilter, send: (message: JsonRpcNotification) => void): { listener: Listener; interest: Interest } {
  const tag = (message: JsonRpcNotification): JsonRpcNotification => tagged(id, message);
  const methods = (Object.keys(CHANGES) as Change[]).filter((change) => filter[change] === true).map((change) => CHANGES[change]);
  return { listener: { deliver: (message) => send(tag(message)) }, interest: { methods, uris: filter.resourceSubscriptions ?? [] } };
}

/** The first message of a listen stream. */
export function acknowledgement(id: RequestId, filter: SubscriptionFilter): JsonRpcNotification {
  return notification("notifications/subscriptions/acknowledged", { notifications: { ...filter }, _meta: { [META.subscriptionId]: id } });
}

/** Listeners filed by a key (a method, a URI): an empty set is dropped with its key. */
class Index {
  readonly #sets = new Map<string, Set<Listener>>();

  add(key: string, listener: Listener): void {
    const set = this.#sets.get(key);
    if (set) set.add(listener);
    else this.#sets.set(key, new Set([listener]));
  }

  delete(key: string, listener: Listener): void {
    const set = this.#sets.get(key);
    if (set?.delete(listener) && set.size === 0) this.#sets.delete(key);
  }

  get(key: string): ReadonlySet<Listener> | undefined {
    return this.#sets.get(key);
  }
}

/**
 * The listeners of a server and what the server announces to them. A relay (a fetch handler's
 * store) hears every announcement too, and brings in those of other replicas (`receive`).
 */
export class NotificationHub {
  /** Listeners of every notification but resource updates (sessions). */
  readonly #all = new Set<Listener>();
  readonly #byMethod = new Index();
  readonly #byUri = new Index();
  readonly #relays = new Set<(message: JsonRpcNotification) => void>();
  /** Open `subscriptions/listen` streams per caller (see `claim`). */
  readonly #streams = new Map<string | undefined, number>();

  add(listener: Listener, interest: Interest): Registration {
    const uris = new Set(interest.uris);
    const methods = interest.methods === "all" ? [] : [...interest.methods];
    if (interest.methods === "all") this.#all.add(listener);
    for (const method of methods) this.#byMethod.add(method, listener);
    for (const uri of uris) this.#byUri.add(uri, listener);
    return {
      subscribe: (uri) => void (uris.add(uri), this.#byUri.add(uri, listener)),
      unsubscribe: (uri) => void (uris.delete(uri), this.#byUri.delete(uri, listener)),
      remove: () => {
        this.#all.delete(listener);
        for (const method of methods) this.#byMethod.delete(method, listener);
        for (const uri of uris) this.#byUri.delete(uri, listener);
        uris.clear();
      },
    };
  }

  /**
   * Counts a listen stream of `caller` (its principal; undefined: every anonymous caller): the
   * returned function ends it; undefined when the caller holds `max` already.
   */
  claim(caller: string | undefined, max: number): (() => void) | undefined {
    const open = this.#streams.get(caller) ?? 0;
    if (open >= max) return undefined;
    this.#streams.set(caller, open + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.#streams.get(caller) ?? 1) - 1;
      if (left > 0) this.#streams.set(caller, left);
      else this.#streams.delete(caller);
    };
  }

  /** Adds a relay; the returned function removes it. */
  relay(publish: (message: JsonRpcNotification) => void): () => void {
    this.#relays.add(publish);
    return () => this.#relays.delete(publish);
  }

  /** A notification announced by another replica: this process's listeners hear it, the relays do not (they sent it). */
  receive(message: JsonRpcNotification): void {
    this.#deliver(message);
  }

  /** Announces any notification (an extension's): this process's listeners and the relays hear it. */
  announce(message: JsonRpcNotification): void {
    this.#publish(message);
  }

  changed(change: Change): void {
    this.#publish(notification(CHANGES[change]));
  }

  resourceUpdated(uri: string): void {
    this.#publish(notification(UPDATED, { uri }));
  }

  #publish(message: JsonRpcNotification): void {
    this.#deliver(message);
    for (const publish of [...this.#relays]) publish(message);
  }

  /** Only the listeners filed under the message's method (or URI) are consulted, each once. */
  #deliver(message: JsonRpcNotification): void {
    // Copied first: a listener may leave while it is told (a stream closed at its high-water mark).
    const audience = message.method === UPDATED ? [...(this.#byUri.get(String(message.params?.["uri"])) ?? [])] : [...this.#all, ...(this.#byMethod.get(message.method) ?? [])];
    for (const listener of audience) listener.deliver(message);
  }
}
