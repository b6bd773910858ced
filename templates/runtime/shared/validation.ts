// Helpers the generated validators share: the depth guard of recursive types, required keys
// of type `unknown`, own-property semantics for objects. Copied verbatim into every output;
// depends on zod only.
import { z } from "zod";

export { isBase64, isDate, isDateTime, isEmail, isTime, isUri, isUriReference, isUriTemplate, isUuid } from "./formats.js";
export { own } from "./own-keys.js";
export { isUnbuilt, lazyMember, whenBuilt } from "./lazy.js";
import { lazyExports } from "./lazy.js";

/**
 * The Zod config of a generated object schema whose type declares no index signature: unknown
 * keys are accepted and kept in the output (`z.looseObject`), while the input is the declared
 * keys alone, as in the type. With `z.core.$loose` the input would carry `[key: string]:
 * unknown`, which a value typed by the spec's interface (declaring no index signature) cannot be
 * assigned to: it would be no valid `z.input`.
 */
export type Open = { out: Record<string, unknown>; in: {} };

/**
 * The same for a schema without keys (`object`, an empty interface): any object is an input. An
 * input of `{}` would read as "no keys at all" (`Record<string, never>`); an `any` index signature
 * is the one TypeScript lets every object type (interfaces, `object`) be assigned to.
 */
export type OpenEmpty = { out: Record<string, unknown>; in: { [key: string]: any } };

/**
 * What `parse` and `safeParse` (and their async forms) of an exported schema give: the type's
 * interface. Zod's own signatures give `z.output` of the schema, whose open objects carry index
 * signatures: assigning that to the interface (`const r: CallToolRequest = S.parse(x)`) cost a
 * consumer's checker about 7,900 instantiations per call. `z.output`, `z.input`, `.shape` and the
 * rest of Zod's API are unchanged; the value is the same Zod schema.
 */
export interface Parses<T> {
  parse(data: unknown, params?: z.core.ParseContext<z.core.$ZodIssue>): T;
  safeParse(data: unknown, params?: z.core.ParseContext<z.core.$ZodIssue>): z.ZodSafeParseResult<T>;
  parseAsync(data: unknown, params?: z.core.ParseContext<z.core.$ZodIssue>): Promise<T>;
  safeParseAsync(data: unknown, params?: z.core.ParseContext<z.core.$ZodIssue>): Promise<z.ZodSafeParseResult<T>>;
}

/** A schema `S` whose parse methods give the interface `T` (see Parses). */
export type Typed<S, T> = Omit<S, keyof Parses<T>> & Parses<T>;

/**
 * The schema itself, typed for its export (`export const XSchema: Typed<S, T.X> = typed<S>(XSchema$)`):
 * the value is still checked against `S`, while Zod's parse signatures are not related to the
 * interface's (the cost Parses saves; the equivalence tests hold `z.output` to the interface).
 */
export function typed<S>(schema: S): Typed<S, any> {
  return schema as unknown as Typed<S, any>;
}

/**
 * `z.looseObject(shape)` typed with the `Open` config. Built this way, the value already has the
 * type its export states: relating a `$loose` value to an `Open` annotation would cost every
 * consumer's type check a comparison per object schema.
 */
export function openObject<S extends z.core.$ZodLooseShape>(shape: S): z.ZodObject<S, Open> {
  return z.looseObject(shape) as unknown as z.ZodObject<S, Open>;
}

/** `z.looseObject({})` typed with the `OpenEmpty` config (as `openObject`). */
export function anyObject(): z.ZodObject<{}, OpenEmpty> {
  return z.looseObject({}) as unknown as z.ZodObject<{}, OpenEmpty>;
}

/**
 * How deeply objects and arrays may nest inside a recursive type (such as a JSON value)
 * before the validator rejects the input. Zod validates recursive types recursively and
 * throws RangeError at roughly 1,500 levels; the guard keeps every verdict a clean result.
 */
export const MAX_NESTING_DEPTH = 256;

/**
 * True when objects/arrays in `value` nest deeper than `limit` (a cycle nests infinitely deep).
 * Iterative, so any depth is safe. It reads what a validator may read: every index of an array,
 * every own property of an object, enumerable or not (a declared key counts when it is own), so
 * no cycle or depth that a validator can follow escapes the guard.
 */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const values: unknown[] = [value];
  const depths: number[] = [0];
  while (values.length > 0) {
    const current = values.pop();
    const depth = depths.pop()!;
    if (current === null || typeof current !== "object") continue;
    if (depth >= limit) return true;
    // Read in place (no array of the children per node: this runs before every recursive parse).
    const keys = Array.isArray(current) ? undefined : Object.getOwnPropertyNames(current);
    const count = keys ? keys.length : (current as unknown[]).length;
    for (let i = 0; i < count; i++) {
      const child = keys ? (current as Record<string, unknown>)[keys[i]!] : (current as unknown[])[i];
      if (child !== null && typeof child === "object") {
        values.push(child);
        depths.push(depth + 1);
      }
    }
  }
  return false;
}

/** The depth guard's verdict; input that cannot even be read (a throwing getter) is too deep to trust. */
export function withinDepth(value: unknown): boolean {
  try {
    return !nestsDeeperThan(value, MAX_NESTING_DEPTH);
  } catch {
    return false;
  }
}

/** The shape of an object schema typed by its interface (a deep chain's link that omits or replaces keys: see schemas.ts). */
export function shapeOf(schema: z.ZodType): z.ZodRawShape {
  return (schema as unknown as z.ZodObject).shape;
}

/**
 * A copy of an object schema's shape without some keys: what the schema of an interface that
 * extends `Omit<Base, …>` deep in a chain spreads (schemas.ts casts the result to its stated
 * type). Keys are copied as data, so an own `__proto__` key stays a key.
 */
export function withoutKeys<S extends object>(shape: S, keys: readonly string[]): S {
  const dropped = new Set(keys);
  const copy = {};
  for (const key of Object.keys(shape)) {
    if (!dropped.has(key)) Object.defineProperty(copy, key, { value: (shape as Record<string, unknown>)[key], enumerable: true, writable: true, configurable: true });
  }
  return copy as S;
}

/**
 * Wraps the schema of a recursive type: measures nesting once, then validates. Typed as the
 * type it validates (a pipe's own type would make every consumer's checker compare it
 * structurally with z.ZodType, which is expensive).
 */
export function depthGuarded<T>(inner: z.ZodType<T, T>): z.ZodType<T, T> {
  const guard = z.unknown().check(z.refine(withinDepth, { error: `Input nests objects/arrays more than ${MAX_NESTING_DEPTH} levels deep`, abort: true }));
  return guard.pipe(inner) as unknown as z.ZodType<T, T>;
}

/**
 * `import "zod/compile"` compiles each schema built after it, inlining children into generated
 * code where presence is `key in input` again. The generated schemas keep Zod's runtime parser
 * (own-keys.ts; a compiled parent built elsewhere runs them as islands): schemas.ts builds them
 * with that hook paused, and calls the returned function at its end to restore it.
 */
export function pauseCompile(): () => void {
  const config = z.config() as unknown as { postProcessor?: unknown };
  const hook = config.postProcessor;
  if (hook === undefined) return () => undefined;
  config.postProcessor = undefined;
  return () => {
    config.postProcessor = hook;
  };
}

/**
 * The exports of a schemas.ts, built on first use (lazy.ts): `schema(part, i)` stands in for the
 * i-th schema of that part of what `build()` returns (by position: a name would be kept as text by
 * a minifier), built with Zod's compile hook paused.
 */
export function lazySchemas<B extends ReadonlyArray<readonly object[]>>(build: () => B): <P extends number, I extends number>(part: P, index: I) => B[P][I] {
  return lazyExports(build, pauseCompile);
}

/** A required key of type `unknown`: any value, but the key must be there. */
export function present(): z.ZodCustom<unknown, unknown> {
  return z.custom<unknown>((value) => value !== undefined, { error: "Required" });
}
