// Helpers of the generated fast validators (validators.ts): plain functions, no eval, no schema
// walking at run time. They mirror the generated Zod schemas (own-keys.ts, validation.ts,
// formats.ts) so that `isX(v) === XSchema.safeParse(v).success`.
import { z } from "zod";

export { isBase64, isDate, isDateTime, isEmail, isTime, isUri, isUriReference, isUriTemplate, isUuid } from "./formats.js";
export { isPlainRecord } from "./own-keys.js";
export { withinDepth } from "./validation.js";
export { fastZod, fastZodModule } from "./fast-zod.js";

/** Object.prototype: an object whose `__proto__` is this inherits nothing else. */
export const OP: object = Object.prototype;

/** Marks a declared key that is not an own property of the object being checked. */
export const ABSENT: unique symbol = Symbol("absent");

const hasOwnProperty = Object.prototype.hasOwnProperty;
const propertyIsEnumerable = Object.prototype.propertyIsEnumerable;

/** An own property (enumerable or not). */
export function has(value: object, key: PropertyKey): boolean {
  return hasOwnProperty.call(value, key);
}

/**
 * A declared key of `v` as the exact path reads it. `p`: the object's prototype is
 * Object.prototype, so a key Object.prototype lacks (now: a polluted one counts) can only be own
 * and is read directly. Otherwise hasOwnProperty decides first, and a key that is not own reads as
 * {@link ABSENT}: an inherited member, a getter included, is never read. An object whose own
 * "__proto__" holds Object.prototype itself (only code, never JSON, builds that) is read as a
 * plain object, as `rt.own` reads it for Zod.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function read(v: any, p: boolean, key: string): unknown {
  return p && !(key in OP) ? v[key] : hasOwnProperty.call(v, key) ? v[key] : ABSENT;
}

/** An object type's declared keys (in its shape's order) as {@link exact} reads them. */
export interface ExactKeys {
  readonly keys: readonly string[];
  readonly required: readonly boolean[];
  readonly declared: ReadonlySet<string>;
  /** Unknown own keys are read too (an index signature checks their values). */
  readonly unknown: boolean;
}

/** A module constant of the generated validators: see {@link exact}. */
export function exactKeys(keys: readonly string[], required: readonly string[], unknown: boolean): ExactKeys {
  const isRequired = new Set(required);
  return { keys, required: keys.map((key) => isRequired.has(key)), declared: new Set(keys), unknown };
}

/**
 * The exact path of a generated object validator `check`: the fallback of its loop, which valid
 * JSON never takes (an inherited or non-enumerable declared key, a required key missing). Each
 * declared key is read once, in the shape's order, the way Zod's `rt.own` presence reads it
 * ({@link read}; a getter runs once), and so is every unknown own key where `unknown` says so. What
 * is present goes into a plain copy without a prototype, which `check` then decides: a copy holds
 * only own enumerable keys, so its loop never falls back again. A required key that is absent
 * decides at once, before any key is read when `in` does not find it (a union member that lacks
 * its keys costs that test only).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function exact(v: any, spec: ExactKeys, check: (copy: object) => boolean): boolean {
  const { keys, required } = spec;
  for (let i = 0; i < keys.length; i++) if (required[i] && !((keys[i] as string) in v)) return false;
  const p = v["__proto__"] === OP;
  const copy: Record<string, unknown> = Object.create(null);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    const x = read(v, p, key);
    // Undefined from a direct read is a value only when the key is there (own, holding it).
    if (x === ABSENT || (x === undefined && p && !(key in OP) && !(key in v))) {
      if (required[i]) return false;
      continue;
    }
    copy[key] = x;
  }
  if (spec.unknown) for (const key in v) if (!spec.declared.has(key) && hasOwnProperty.call(v, key)) copy[key] = v[key];
  return check(copy);
}

/** True when `value` has an own enumerable symbol key (a z.record rejects it). */
export function hasEnumerableSymbol(value: object): boolean {
  for (const symbol of Object.getOwnPropertySymbols(value)) if (propertyIsEnumerable.call(value, symbol)) return true;
  return false;
}

const FROZEN: object = Object.freeze({});

/**
 * True when `value` has no own enumerable key at all, string or symbol: Object.assign onto a frozen
 * object throws at the first one. A record whose loop met no own key asks this instead of
 * {@link hasEnumerableSymbol}: Object.assign runs in V8's builtins, where getOwnPropertySymbols is
 * a C++ call that allocates (about 3× the cost), and empty records (`experimental: {}`,
 * `properties: {}`, `arguments: {}`) are the common ones. Only a symbol key's value is read that Zod
 * would not read, and the verdict is false either way.
 */
export function hasNoEnumerableKey(value: object): boolean {
  try {
    Object.assign(FROZEN, value);
    return true;
  } catch {
    return false;
  }
}

/**
 * The keys a base's validator must leave to its heir (generated `X$(v, skip)` of a deep
 * `extends` chain): the heir's own omitted and replaced keys (`local`, a module constant) and
 * those the heir's own heirs left to it (`incoming`). Allocates only when `incoming` adds keys.
 */
export function skipping(incoming: ReadonlySet<string> | undefined, local: ReadonlySet<string>): ReadonlySet<string> {
  if (incoming === undefined || incoming === local) return local;
  let union: Set<string> | undefined;
  for (const key of incoming) if (!local.has(key)) (union ??= new Set(local)).add(key);
  return union ?? local;
}

/** The number of Unicode code points (Zod's string length; a lone surrogate counts as one). */
export function codePoints(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++, count++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
  }
  return count;
}

/** A parse result: the input itself when valid, Zod's error with its issues when not. */
export type SafeParseResult<T> = { success: true; data: T; error?: undefined } | { success: false; data?: undefined; error: z.ZodError };

/** What the parse helpers need from a Zod schema (typed loosely on purpose: no Zod type relation). */
export interface IssueSource {
  safeParse(value: unknown): { success: boolean; error?: z.ZodError | undefined };
}

function failure(message: string, value: unknown): z.ZodError {
  return new z.ZodError([{ code: "custom", message, path: [], input: value }]);
}

/**
 * Why `value` is invalid, from Zod. Zod only runs after the fast check said no, so its answer is
 * the issues, never the verdict: an exception (a getter that throws) becomes an issue too.
 */
function issuesOf(schema: IssueSource, value: unknown): z.ZodError {
  try {
    const result = schema.safeParse(value);
    if (!result.success && result.error) return result.error;
  } catch (error) {
    return failure(`Input could not be read: ${error instanceof Error ? error.message : String(error)}`, value);
  }
  return failure("Invalid input (the fast validator rejected it; Zod found no issue)", value);
}

/** `{ success: true, data: value }` (the input itself, not a copy) when `check` accepts it; Zod's issues otherwise. */
export function safeParseWith<T>(check: (value: unknown) => value is T, schema: IssueSource, value: unknown): SafeParseResult<T> {
  if (check(value)) return { success: true, data: value };
  return { success: false, error: issuesOf(schema, value) };
}

/** The input itself (not a copy) when `check` accepts it; throws Zod's error with its issues otherwise. */
export function parseWith<T>(check: (value: unknown) => value is T, schema: IssueSource, value: unknown): T {
  if (check(value)) return value;
  throw issuesOf(schema, value);
}

/** A `safeParse` with the fast path's verdict (the server and client runtimes' view of a schema). */
export interface FastCheck {
  safeParse(value: unknown): SafeParseResult<unknown>;
}

/**
 * Schemas (by identity) and their fast checks: `guard`'s verdict, the schema's own issues when it
 * says no. Typed with `unknown` on purpose: the generated table costs a consumer's type checker
 * nothing per schema.
 */
export class FastCheckTable {
  readonly #checks = new Map<unknown, FastCheck>();

  add(schema: unknown, guard: (value: unknown) => boolean): void {
    const check = guard as (value: unknown) => value is unknown;
    const issues = schema as IssueSource;
    this.#checks.set(schema, { safeParse: (value) => safeParseWith(check, issues, value) });
  }

  get(schema: unknown): FastCheck | undefined {
    return this.#checks.get(schema);
  }
}

/** `schema.shape[key]` (unwrapped from its optional when `unwrap`): the object METHODS holds (lazy.ts). */
export { lazyMember } from "./lazy.js";

/** Looks up the fast check of a schema (a revision's `fastCheckOf`). */
export type FastCheckOf = (schema: unknown) => FastCheck | undefined;

/**
 * A METHODS row with each schema swapped for its fast check where the revision has one: same
 * verdicts and issues, without running Zod on valid messages.
 */
export function fastRow<R extends object>(row: R, checkOf: FastCheckOf): R {
  const out: { [key: string]: unknown } = {};
  for (const [key, value] of Object.entries(row)) out[key] = (value !== null && typeof value === "object" && checkOf(value)) || value;
  return out as R;
}

/** A revision's own-key METHODS lookup, through {@link fastRow} (each row swapped once). */
export function fastMethodEntry<R extends object>(entry: (method: string) => R | undefined, checkOf: FastCheckOf): (method: string) => R | undefined {
  const rows = new Map<string, R | undefined>();
  return (method) => {
    if (rows.has(method)) return rows.get(method);
    const found = entry(method);
    const row = found && fastRow(found, checkOf);
    rows.set(method, row);
    return row;
  };
}

/** A whole METHODS table through {@link fastRow}. */
export function fastTable<R extends object>(table: { readonly [method: string]: R | undefined }, checkOf: FastCheckOf): { [method: string]: R | undefined } {
  const out: { [method: string]: R | undefined } = {};
  for (const [method, row] of Object.entries(table)) out[method] = row && fastRow(row, checkOf);
  return out;
}
