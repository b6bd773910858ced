// The options a catalog was made with, recorded in catalog.json (`options`): a later run, --check
// and --from reuse them, so an unchanged server is current without repeating the flags. Flags
// given on the command line win. Header values are never recorded (they are often secrets), only
// their names, to say which ones a run lacks.
import { byText } from "../model/order.js";
import type { RecordedOptions } from "./types.js";

const REVISION_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** Sorted, each once. */
export const sortedSet = (values: Iterable<string>): string[] => [...new Set(values)].sort(byText);

/**
 * What is wrong with a recorded `options` value (hand-edited, or from a pull request), with the
 * JSON pointer of the culprit; undefined when it is well formed.
 */
export function optionsProblem(value: unknown): { message: string; pointer: string } | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return { message: `"options" must be an object`, pointer: "/options" };
  const v = value as Record<string, unknown>;
  for (const key of ["capabilities", "revisions", "headers"] as const) {
    if (v[key] === undefined && key !== "capabilities") continue;
    const list = v[key];
    if (!Array.isArray(list) || !list.every((item) => typeof item === "string" && item.length > 0)) return { message: `"options.${key}" must be an array of non-empty strings`, pointer: `/options/${key}` };
    const bad = key === "revisions" ? list.findIndex((r) => !REVISION_NAME.test(r as string)) : -1;
    if (bad >= 0) return { message: `"options.revisions" holds ${JSON.stringify(list[bad])}, which is not a revision name`, pointer: `/options/revisions/${bad}` };
  }
  if (v["transport"] !== undefined && v["transport"] !== "stdio" && v["transport"] !== "http") return { message: `"options.transport" must be "stdio" or "http"`, pointer: "/options/transport" };
  return undefined;
}

/** The options as catalog.json records them: keys and lists sorted, so equal options give equal bytes. */
export function recordOptions(options: { capabilities: string[]; headers?: string[] | undefined; revisions?: string[] | undefined; transport: "stdio" | "http" }): RecordedOptions {
  return {
    capabilities: sortedSet(options.capabilities),
    ...(options.headers ? { headers: sortedSet(options.headers) } : {}),
    ...(options.revisions ? { revisions: sortedSet(options.revisions) } : {}),
    transport: options.transport,
  };
}

/** One line per option that differs between two catalogs (--check's summary). */
export function optionsDrift(before: RecordedOptions | undefined, after: RecordedOptions | undefined): string[] {
  const lines: string[] = [];
  for (const key of ["capabilities", "revisions", "transport", "headers"] as const) {
    const [a, b] = [before?.[key], after?.[key]];
    if (JSON.stringify(a) !== JSON.stringify(b)) lines.push(`made with other options: ${key} ${JSON.stringify(a ?? null)} → ${JSON.stringify(b ?? null)}`);
  }
  return lines;
}

/** What this run lacks of the recorded options it cannot reuse: the header values, another transport. */
export function unreusable(recorded: RecordedOptions | undefined, now: { transport: "stdio" | "http"; headers: string[] }): string[] {
  if (!recorded) return [];
  const out: string[] = [];
  if (recorded.transport !== undefined && recorded.transport !== now.transport) out.push(`the snapshot was read over ${recorded.transport}, this run uses ${now.transport}`);
  const given = new Set(now.headers.map((h) => h.toLowerCase()));
  const missing = (recorded.headers ?? []).filter((h) => !given.has(h.toLowerCase()));
  if (now.transport === "http" && missing.length) out.push(`the snapshot was read with the header${missing.length > 1 ? "s" : ""} ${missing.join(", ")} (values are never recorded): pass --header for ${missing.length > 1 ? "each" : "it"}`);
  return out;
}
