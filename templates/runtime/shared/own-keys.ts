// Own-property semantics for the generated Zod objects and records. Zod decides that a key is
// present with `key in input`, so inherited members count (`{}` "has" `constructor` and
// `toString`), and it skips a key named "__proto__" everywhere (a shape key, the catchall, a
// record), so `JSON.parse('{"__proto__": 5}')` passes a record of strings. MCP messages are JSON:
// only own properties are data. `own(schema)` keeps the schema's exact Zod type and API
// (`.shape`, `.extend`, `.pick`, …) and changes what its parse reads:
//  - a declared key is present only as an own property (enumerable or not);
//  - unknown keys are the own enumerable ones (`Object.keys`), `__proto__` included: a typed
//    index signature or record validates it, an open object keeps it in the parse output;
//  - a getter that throws makes the input invalid (an issue, not an exception); an unknown key
//    of an open object that cannot be read is left out, as the fast validators never read it.
// Under `import "zod/compile"` such a schema always runs on Zod's runtime parser: schemas.ts is
// built with the compile hook paused (validation.ts `pauseCompile`), and a compiled parent that
// user code builds around it runs it as an island (see `island`), so compiled code, where presence
// is `key in input` again, never validates it. One input is read as it claims to
// be: an object whose own "__proto__" data property holds Object.prototype itself (only code,
// never JSON, builds that) counts as a plain object, here and in the fast validators alike.
interface Payload {
  value: unknown;
  issues: Issue[];
}
interface Issue {
  path?: PropertyKey[];
  [key: string]: unknown;
}
type Run = (payload: Payload, ctx: object) => Payload | Promise<Payload>;
interface Internals {
  def: Def;
  run: Run & { __originalRun?: Run };
  parse: Run;
  constr: new (def: Def) => { _zod: Internals };
  optin?: string;
}
interface Def {
  type: string;
  shape?: Record<string, { _zod: Internals }>;
  catchall?: { _zod: Internals };
  valueType?: { _zod: Internals };
  coerce?: boolean;
}

const hasOwn = (value: object, key: PropertyKey): boolean => Object.prototype.hasOwnProperty.call(value, key);
const isEnumerable = (value: object, key: PropertyKey): boolean => Object.prototype.propertyIsEnumerable.call(value, key);
const isObject = (value: unknown): value is object => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Zod's `isPlainObject` (records accept only these), with the same verdict. For an object whose
 * constructor is this realm's Object (every JSON object), Zod's remaining reads are fixed:
 * `Object.prototype` cannot be reassigned, so only whether it still has `isPrototypeOf` can vary,
 * and `in` asks that of it exactly (its prototype is null, and cannot change), which V8 folds,
 * where hasOwnProperty is a call.
 */
export function isPlainRecord(value: unknown): value is Record<string, unknown> {
  if (!isObject(value)) return false;
  const ctor = (value as { constructor?: unknown }).constructor;
  if (ctor === Object) return "isPrototypeOf" in Object.prototype;
  if (ctor === undefined || typeof ctor !== "function") return true;
  const prototype: unknown = (ctor as { prototype?: unknown }).prototype;
  return isObject(prototype) && hasOwn(prototype, "isPrototypeOf");
}

/** Defines an own data property (assignment to "__proto__" would set the prototype instead). */
function define(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function then(result: Payload | Promise<Payload>, next: (payload: Payload) => Payload): Payload | Promise<Payload> {
  return result instanceof Promise ? result.then(next) : next(result);
}

function unreadable(error: unknown, input: unknown): Issue {
  const reason = error instanceof Error ? error.message : String(error);
  return { code: "custom", message: `Input could not be read: ${reason}`, input, path: [] };
}

/**
 * Runs `schema` on an own property's value and reports its issues under `key`; the value it
 * produced, or undefined when it failed.
 */
function runProperty(schema: { _zod: Internals }, key: string, value: unknown, payload: Payload, ctx: object): { value: unknown } | undefined {
  const result = schema._zod.run({ value, issues: [] }, ctx);
  if (result instanceof Promise) throw new Error("own-key validation of __proto__ is synchronous");
  for (const issue of result.issues) payload.issues.push({ ...issue, path: [key, ...(issue.path ?? [])] });
  return result.issues.length ? undefined : { value: result.value };
}

/** What the object's catchall does with unknown keys. */
type Extras = "strip" | "keep" | "check" | "reject";

function extrasOf(def: Def): Extras {
  const catchall = def.catchall?._zod.def.type;
  if (catchall === undefined) return "strip";
  if (catchall === "never") return "reject";
  return catchall === "unknown" || catchall === "any" ? "keep" : "check";
}

/** True when Zod would read an inherited member of `input` as a declared or unknown key. */
function readsInherited(input: object, keys: string[], extras: Extras): boolean {
  // Read through the `__proto__` accessor (an inline cache; getPrototypeOf is a call), as the
  // fast validators do: an own "__proto__" key makes the object take the exact path below.
  const plain = (input as { ["__proto__"]?: unknown })["__proto__"] === Object.prototype;
  for (const key of keys) {
    if (key === "__proto__") continue;
    if ((plain ? key in Object.prototype : key in input) && !hasOwn(input, key)) return true;
  }
  if (extras === "strip") return false;
  for (const key in plain ? Object.prototype : input) if (!hasOwn(input, key)) return true;
  return false;
}

/**
 * The input as Zod should see it: a null-prototype copy of its own properties that the object
 * reads. `safe`: an unknown key whose getter throws is left out of an open object (and fails a
 * typed one, by throwing on).
 */
function ownView(input: object, keys: string[], extras: Extras, safe: boolean): object {
  const view = Object.create(null) as Record<string, unknown>;
  const declared = new Set(keys);
  for (const key of keys) if (key !== "__proto__" && hasOwn(input, key)) define(view, key, (input as Record<string, unknown>)[key]);
  if (extras === "strip") return view;
  for (const key of Object.keys(input)) {
    if (declared.has(key) || (key === "__proto__" && extras !== "reject")) continue;
    if (extras === "reject") {
      define(view, key, undefined); // reported as unrecognized; its value is never read
      continue;
    }
    try {
      define(view, key, (input as Record<string, unknown>)[key]);
    } catch (error) {
      if (!safe || extras === "check") throw error;
    }
  }
  return view;
}

/**
 * An own "__proto__" key: validated as declared (`declared`, the shape's "__proto__" schema) or
 * as an unknown key, and kept in the output.
 */
function finishObject(payload: Payload, input: object, def: Def, extras: Extras, declared: { _zod: Internals } | undefined, ctx: object): Payload {
  if (!hasOwn(input, "__proto__")) {
    if (declared && declared._zod.optin === undefined) payload.issues.push({ code: "invalid_type", expected: "nonoptional", input: undefined, path: ["__proto__"] });
    return payload;
  }
  const schema = declared ?? (extras === "check" && isEnumerable(input, "__proto__") ? def.catchall : undefined);
  if (!schema && !(extras === "keep" && isEnumerable(input, "__proto__"))) return payload;
  const value = (input as Record<string, unknown>)["__proto__"];
  const checked = schema ? runProperty(schema, "__proto__", value, payload, ctx) : { value };
  if (checked && isObject(payload.value) && payload.value !== input) define(payload.value, "__proto__", checked.value);
  return payload;
}

function objectRun(def: Def, runtime: Run): Run {
  const extras = extrasOf(def);
  // Read from the shape on the first parse (the shape may hold getters that resolve late).
  let keys: string[] | undefined;
  let declared: { _zod: Internals } | undefined;
  const attempt = (payload: Payload, ctx: object, input: object, safe: boolean): Payload | Promise<Payload> => {
    if (!keys) {
      const shape = def.shape ?? {};
      keys = Object.keys(shape);
      declared = hasOwn(shape, "__proto__") ? shape["__proto__"] : undefined;
    }
    payload.value = safe || readsInherited(input, keys, extras) ? ownView(input, keys, extras, safe) : input;
    const result = runtime(payload, ctx);
    if (result instanceof Promise) return result.then((settled) => finishObject(settled, input, def, extras, declared, ctx));
    return finishObject(result, input, def, extras, declared, ctx);
  };
  return (payload, ctx) => {
    const input = payload.value;
    if (!isObject(input)) return runtime(payload, ctx);
    const issues = payload.issues.length;
    try {
      return attempt(payload, ctx, input, false);
    } catch {
      payload.issues.length = issues;
      try {
        return attempt(payload, ctx, input, true);
      } catch (error) {
        payload.issues.length = issues;
        payload.value = input;
        payload.issues.push(unreadable(error, input));
        return payload;
      }
    }
  };
}

function recordRun(def: Def, runtime: Run): Run {
  return (payload, ctx) => {
    const input = payload.value;
    const issues = payload.issues.length;
    try {
      return then(runtime(payload, ctx), (result) => {
        if (!isPlainRecord(input) || !hasOwn(input, "__proto__") || !isEnumerable(input, "__proto__") || !def.valueType) return result;
        const checked = runProperty(def.valueType, "__proto__", input["__proto__"], result, ctx);
        if (checked && isObject(result.value) && result.value !== input) define(result.value, "__proto__", checked.value);
        return result;
      });
    } catch (error) {
      payload.issues.length = issues;
      payload.value = input;
      payload.issues.push(unreadable(error, input));
      return payload;
    }
  };
}

/**
 * `import "zod/compile"` inlines a schema's children into generated code, where presence is
 * `key in input` again. A child that declares coercion is run as an island instead (zod's
 * compiler calls its `_zod.run`, which is ours); objects and records ignore the flag otherwise.
 */
function island(def: Def): void {
  def.coerce = true;
}

/**
 * Gives a generated object or record schema own-property semantics (see the top of this file),
 * in place: the same instance, type and API. Schemas derived from it (`.extend`, `.pick`,
 * `.describe`, …) get them too. Typed `unknown` on purpose: a generic signature would make
 * every consumer's type checker infer a Zod type per generated schema.
 */
export function own(schema: unknown): void {
  const internals = (schema as { _zod: Internals })._zod;
  const def = internals.def;
  if (def.type !== "object" && def.type !== "record") throw new TypeError(`own(): expected an object or record schema, got ${def.type}`);
  // Zod's runtime parse, past zod/compile's shim. Without checks it is `parse`, which is called
  // through the internals on every run: Zod's cycle memoizer replaces it after the first parse
  // (it takes itself out of schemas that cannot recurse), and a captured copy would keep it in.
  const original = internals.run.__originalRun ?? internals.run;
  const runtime: Run = original === internals.parse ? (payload, ctx) => internals.parse(payload, ctx) : original;
  internals.run = def.type === "object" ? objectRun(def, runtime) : recordRun(def, runtime);
  island(def);
  const Original = internals.constr;
  function OwnClone(cloneDef: Def): { _zod: Internals } {
    const clone = new Original(cloneDef);
    own(clone);
    return clone;
  }
  OwnClone.prototype = Original.prototype;
  internals.constr = OwnClone as unknown as Internals["constr"];
}
