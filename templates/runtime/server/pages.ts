// Cursor pagination of the registry's lists. A cursor names where the last item returned sits in
// the list's order, not how many items came before it: each registered item keeps the sequence
// number it was added with, so removing an item (one already returned, or the very one the
// cursor names) neither skips nor repeats another, and the next page starts after that place.
// An item added while a client pages comes after every older one.
import { JSONRPC, ProtocolError, type JsonObject } from "../shared/messages.js";

/** One entry of a list and its place in the list's order: numbers compared left to right. */
export interface Listed {
  at: readonly number[];
  item: unknown;
}

/** The longest place a list uses (resources/list: part, template's sequence number, index in its listing). */
const MAX_PLACE = 3;

/** One page of `entries` (in their order) after the cursor's place; `nextCursor` when more follow. */
export function page(key: string, cursor: unknown, entries: readonly Listed[], pageSize: number): JsonObject {
  const after = cursor === undefined ? undefined : placeOf(cursor);
  const rest = after === undefined ? entries : entries.filter((e) => compare(e.at, after) > 0);
  const taken = rest.slice(0, pageSize);
  const result: JsonObject = { [key]: taken.map((e) => e.item) };
  if (rest.length > pageSize) result["nextCursor"] = cursorOf(taken[taken.length - 1]!.at);
  return result;
}

function compare(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const difference = (a[i] ?? -1) - (b[i] ?? -1);
    if (difference) return difference;
  }
  return 0;
}

/** Opaque to clients: base64url of the place as JSON, without padding. */
function cursorOf(at: readonly number[]): string {
  return btoa(JSON.stringify({ after: at })).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
}

function placeOf(cursor: unknown): readonly number[] {
  try {
    if (typeof cursor !== "string") throw new TypeError("not a string");
    const { after } = JSON.parse(atob(cursor.replace(/-/g, "+").replace(/_/g, "/"))) as { after?: unknown };
    if (Array.isArray(after) && after.length >= 1 && after.length <= MAX_PLACE && after.every((n) => Number.isSafeInteger(n) && n >= 0)) return after as number[];
  } catch {
    // falls through to the refusal
  }
  throw new ProtocolError(JSONRPC.invalidParams, "Invalid cursor", { cursor });
}
