// Server-initiated notifications: `subscriptions/listen` streams of stateless clients and the
// sessions of legacy clients, fed by the server's notify methods.
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
  wants(message: JsonRpcNotification): boolean;
  deliver(message: JsonRpcNotification): void;
}

/** One open `subscriptions/listen` stream: every notification carries the subscription id. */
export function listenStream(id: RequestId, filter: SubscriptionFilter, send: (message: JsonRpcNotification) => void): Listener {
  const tag = (message: JsonRpcNotification): JsonRpcNotification => {
    const params = { ...(message.params ?? {}) };
    params["_meta"] = { ...((params["_meta"] as JsonObject | undefined) ?? {}), [META.subscriptionId]: id };
    return { ...message, params };
  };
  return {
    wants(message) {
      if (message.method === UPDATED) return filter.resourceSubscriptions?.includes(String(message.params?.["uri"])) ?? false;
      return (Object.keys(CHANGES) as Change[]).some((change) => CHANGES[change] === message.method && filter[change] === true);
    },
    deliver: (message) => send(tag(message)),
  };
}

/** The first message of a listen stream. */
export function acknowledgement(id: RequestId, filter: SubscriptionFilter): JsonRpcNotification {
  return notification("notifications/subscriptions/acknowledged", { notifications: { ...filter }, _meta: { [META.subscriptionId]: id } });
}

/**
 * The listeners of a server and what the server announces to them. A relay (a fetch handler's
 * store) hears every announcement too, and brings in those of other replicas (`receive`).
 */
export class NotificationHub {
  readonly #listeners = new Set<Listener>();
  readonly #relays = new Set<(message: JsonRpcNotification) => void>();

  add(listener: Listener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
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

  #deliver(message: JsonRpcNotification): void {
    for (const listener of [...this.#listeners]) if (listener.wants(message)) listener.deliver(message);
  }
}
