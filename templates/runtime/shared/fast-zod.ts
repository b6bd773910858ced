// The exported Zod schemas' parse methods on the fast path. `fastZod` (called at the end of
// validators.ts, once per export) gives every exported `XSchema` a `safeParse`, `parse`, `safeParseAsync`,
// `parseAsync` and Standard Schema `validate` that take the verdict from `isX`, the fast
// validator with exactly the Zod schema's verdict (the differential tests hold the two to it):
//  - valid input: the output is built here, as Zod's parser would build it (`outputOf`, read
//    off the schema's own definition): a new object per object schema, declared keys first in the
//    shape's order, then the unknown keys in the input's order, an own "__proto__" last (as
//    own-keys.ts adds it); arrays copied; the value of an `unknown` key, a primitive and anything
//    Zod passes through kept by reference; a union's output is its first member that accepts.
//  - invalid input, or a schema whose definition holds what this file does not rebuild
//    (transforms, defaults, codecs, …), or input that throws while it is read: Zod's own method,
//    so the issues are Zod's, word for word.
// Zod's own parser stays reachable as `z.safeParse(XSchema, value)` (it runs the schema's
// internals, never these methods). Schemas derived from an export (`.extend`, `.describe`, …)
// are new instances, on Zod's parser.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { whenBuilt, whenModuleBuilt } from "./lazy.js";
import { compiledObject, interpretedObject, same, state, type ObjectParts } from "./fast-zod-objects.js";

type Guard = (value: unknown) => boolean;
type Copy = (value: any) => unknown;

interface Schema {
  _zod: { def: any; run(payload: { value: unknown; issues: unknown[] }, ctx: object): { issues: unknown[] } | Promise<unknown> };
  [method: string]: any;
}

/** The fast validator of each exported schema (by identity): a union asks it which member accepts. */
const guards = new WeakMap<object, Guard>();
const copies = new WeakMap<object, Copy>();

/** A schema whose output is not rebuilt here: its parse methods stay Zod's. */
class NotRebuilt extends Error {}
const FAILED: unique symbol = Symbol("failed");

const hasOwn = (value: object, key: PropertyKey): boolean => Object.prototype.hasOwnProperty.call(value, key);
const isEnumerable = (value: object, key: PropertyKey): boolean => Object.prototype.propertyIsEnumerable.call(value, key);

/** Defines an own data property (assignment to "__proto__" would set the prototype instead). */
function define(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * Installs the fast parse methods on an exported schema, given its `isX`. Typed `unknown` on
 * purpose: one call per schema, so that no expression relates the schemas' types (an array of
 * them would make the checker reduce a union of every schema type). Outputs are built on first
 * use, once every export of the module has its guard.
 */
export function fastZod(schema: unknown, guard: Guard): void {
  // An export is built on first use (lazy.ts): the methods go on the schema once it is.
  whenBuilt(schema, (built) => {
    guards.set(built, guard);
    install(built as Schema, guard);
  });
}

/**
 * A validators module's {@link fastZod} calls, made when its schemas module is built (`schema`:
 * any export of it), not when it is imported: a server that never builds the schemas never makes them.
 */
export function fastZodModule(schema: unknown, register: () => void): void {
  whenModuleBuilt(schema, register);
}

function install(schema: Schema, guard: Guard): void {
  const zod = { safeParse: schema["safeParse"], parse: schema["parse"], safeParseAsync: schema["safeParseAsync"], parseAsync: schema["parseAsync"] };
  let copy: Copy | null | undefined;
  /** Zod's output for input the guard accepted, or FAILED (then Zod's own method answers). */
  const output = (value: unknown): unknown => {
    if (copy === undefined) copy = rebuildable(schema) ? outputOf(schema) : null;
    if (copy === null) return FAILED;
    state.plainKeys = !polluted();
    try {
      const out = copy(value);
      // A getter of the input made Object.prototype enumerable meanwhile: Zod answers instead.
      return state.plainKeys && polluted() ? FAILED : out;
    } catch {
      return FAILED;
    } finally {
      state.plainKeys = false;
    }
  };
  const fast = (value: unknown): unknown => (guard(value) ? output(value) : FAILED);
  schema["safeParse"] = (data: unknown, params?: unknown) => {
    const out = fast(data);
    return out === FAILED ? zod.safeParse.call(schema, data, params) : { success: true, data: out };
  };
  schema["parse"] = (data: unknown, params?: unknown) => {
    const out = fast(data);
    return out === FAILED ? zod.parse.call(schema, data, params) : out;
  };
  schema["safeParseAsync"] = async (data: unknown, params?: unknown) => {
    const out = fast(data);
    return out === FAILED ? zod.safeParseAsync.call(schema, data, params) : { success: true, data: out };
  };
  schema["parseAsync"] = async (data: unknown, params?: unknown) => {
    const out = fast(data);
    return out === FAILED ? zod.parseAsync.call(schema, data, params) : out;
  };
  installStandard(schema, fast);
}

/**
 * The Standard Schema `validate` (what SDKs and form libraries call), built on first read as
 * Zod builds its own: Zod's getter defines its object on the instance, which is then replaced.
 */
function installStandard(schema: Schema, fast: (value: unknown) => unknown): void {
  Object.defineProperty(schema, "~standard", {
    configurable: true,
    enumerable: false,
    // On `this`: a lazily built export is a copy of the schema, with this getter (lazy.ts).
    get(this: Schema) {
      delete this["~standard"];
      const zodStandard = this["~standard"];
      const validate = (value: unknown) => {
        const out = fast(value);
        return out === FAILED ? zodStandard.validate(value) : { value: out };
      };
      const standard = { ...zodStandard, validate };
      Object.defineProperty(this, "~standard", { configurable: true, writable: true, enumerable: false, value: standard });
      return standard;
    },
  });
}

/** True when every part of the schema is one whose output `outputOf` rebuilds. */
function rebuildable(schema: Schema): boolean {
  try {
    outputOf(schema);
    return true;
  } catch (error) {
    if (error instanceof NotRebuilt) return false;
    throw error;
  }
}

/**
 * The function that builds Zod's output for a value the schema accepts. Built once per schema;
 * a recursive schema reaches itself through the entry set before its build.
 */
export function outputOf(schema: Schema): Copy {
  const known = copies.get(schema);
  if (known) return known;
  let built: Copy | undefined;
  copies.set(schema, (value) => built!(value));
  try {
    built = build(schema);
  } catch (error) {
    copies.delete(schema);
    throw error;
  }
  copies.set(schema, built);
  return built;
}

/** Checks that change the value (`z.overwrite`: trim, case) are Zod's to run. */
function transforms(def: any): boolean {
  return Array.isArray(def.checks) && def.checks.some((check: any) => check?._zod?.def?.check === "overwrite");
}

/** Schemas of primitive values: their output is the input, and they accept no object. */
const PRIMITIVES = new Set(["string", "number", "boolean", "null", "undefined", "literal", "enum"]);
/** Schemas whose output is the input itself, whatever it is. */
const PASSED_THROUGH = new Set(["unknown", "any", "custom"]);

function build(schema: Schema): Copy {
  const def = schema._zod.def;
  if (transforms(def)) throw new NotRebuilt();
  if (PRIMITIVES.has(def.type) || PASSED_THROUGH.has(def.type)) return same;
  switch (def.type) {
    case "optional":
    case "nullable": {
      const inner = outputOf(def.innerType);
      return (value) => (value === undefined || value === null ? value : inner(value));
    }
    case "lazy":
      return outputOf(def.getter());
    case "pipe":
      // The depth guard (rt.depthGuarded): a check on z.unknown(), then the schema itself.
      if (!["unknown", "any"].includes(def.in._zod.def.type) || transforms(def.in._zod.def)) throw new NotRebuilt();
      return outputOf(def.out);
    case "array":
      return arrayOutput(outputOf(def.element));
    case "object":
      return objectOutput(def);
    case "record":
      return recordOutput(def);
    case "union":
      return def.discriminator === undefined ? unionOutput(def.options) : taggedOutput(def.discriminator, def.options);
    default:
      throw new NotRebuilt();
  }
}

function arrayOutput(item: Copy): Copy {
  return (value: unknown[]) => {
    const out = new Array(value.length);
    for (let i = 0; i < value.length; i++) out[i] = item(value[i]);
    return out;
  };
}

/** What an object schema does with unknown keys (as own-keys.ts reads its catchall). */
function extrasOf(def: any): "strip" | "keep" | "check" {
  const catchall = def.catchall?._zod.def.type;
  if (catchall === undefined || catchall === "never") return "strip"; // a strict object's valid input has none
  return catchall === "unknown" || catchall === "any" ? "keep" : "check";
}

/**
 * z.object / z.looseObject / .catchall under rt.own: the declared keys that are own properties,
 * in the shape's order; then the own enumerable unknown keys in the input's order; then an own
 * "__proto__", as own-keys.ts `finishObject` adds it.
 */
function objectOutput(def: any): Copy {
  const shape = def.shape as Record<string, Schema>;
  const keys = Object.keys(shape).filter((key) => key !== "__proto__");
  const parts: ObjectParts = {
    keys,
    values: keys.map((key) => outputOf(shape[key]!)),
    extras: extrasOf(def),
    rest: same,
    proto: undefined,
  };
  if (parts.extras === "check") parts.rest = outputOf(def.catchall);
  const protoSchema = hasOwn(shape, "__proto__") ? shape["__proto__"] : parts.extras === "check" ? def.catchall : undefined;
  const protoValue = protoSchema ? outputOf(protoSchema) : same;
  const protoDeclared = hasOwn(shape, "__proto__");
  parts.proto = (value, out) => {
    if (protoDeclared || (parts.extras !== "strip" && isEnumerable(value, "__proto__"))) define(out, "__proto__", protoValue(value["__proto__"]));
  };
  return compiledObject(parts) ?? interpretedObject(parts);
}

/** True when Object.prototype has an enumerable property: then `for...in` yields inherited keys. */
function polluted(): boolean {
  for (const key in Object.prototype) if (key !== undefined) return true;
  return false;
}


/** z.record(z.string(), V) under rt.own: every own enumerable key, an own "__proto__" last. */
function recordOutput(def: any): Copy {
  const keyType = def.keyType._zod.def;
  if (keyType.type !== "string" || transforms(keyType)) throw new NotRebuilt();
  const item = outputOf(def.valueType);
  return (value: Record<string, unknown>) => {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) if (key !== "__proto__") out[key] = item(value[key]);
    if (hasOwn(value, "__proto__") && isEnumerable(value, "__proto__")) define(out, "__proto__", item(value["__proto__"]));
    return out;
  };
}

/** Which values a schema can accept at all, by kind: a union skips the members that cannot. */
type Kind = "primitive" | "object" | "array" | "any";

function kindOf(schema: Schema, seen = new Set<object>()): Kind {
  if (seen.has(schema)) return "any";
  seen.add(schema);
  const def = schema._zod.def;
  if (PRIMITIVES.has(def.type)) return "primitive";
  switch (def.type) {
    case "object":
    case "record":
      return "object";
    case "array":
      return "array";
    case "optional":
    case "nullable":
      return kindOf(def.innerType, seen);
    case "lazy":
      return kindOf(def.getter(), seen);
    case "pipe":
      return kindOf(def.out, seen);
    case "union": {
      const kinds = new Set(def.options.map((option: Schema) => kindOf(option, seen)));
      return kinds.size === 1 ? (kinds.values().next().value as Kind) : "any";
    }
    default:
      return "any";
  }
}

/** True when `schema` accepts `value`: its fast validator when it is an export, Zod's run otherwise. */
function accepts(schema: Schema, value: unknown): boolean {
  const guard = guards.get(schema);
  if (guard) return guard(value);
  const result = schema._zod.run({ value, issues: [] }, { async: false });
  if (result instanceof Promise) throw new NotRebuilt();
  return result.issues.length === 0;
}

/**
 * z.union: Zod returns the first member that accepts. A primitive is its own output whichever
 * member takes it; for an object or an array, the members of another kind are skipped, and the
 * last one left needs no test (the union accepted the value).
 */
function unionOutput(options: Schema[]): Copy {
  const members = options.map((option) => ({ option, copy: outputOf(option), kind: kindOf(option) }));
  const forObjects = members.filter((m) => m.kind === "object" || m.kind === "any");
  const forArrays = members.filter((m) => m.kind === "array" || m.kind === "any");
  return (value: unknown) => {
    if (value === null || typeof value !== "object") return value;
    const candidates = Array.isArray(value) ? forArrays : forObjects;
    const last = candidates.length - 1;
    for (let i = 0; i < last; i++) if (accepts(candidates[i]!.option, value)) return candidates[i]!.copy(value);
    if (last < 0) throw new NotRebuilt();
    return candidates[last]!.copy(value);
  };
}

/** z.discriminatedUnion: the member its tag names (read as Zod reads it, `value[tag]`). */
function taggedOutput(tag: string, options: Schema[]): Copy {
  const byTag = new Map<unknown, Copy>();
  for (const option of options) {
    const values: Set<unknown> | undefined = (option._zod as any).propValues?.[tag];
    for (const value of values ?? []) if (!byTag.has(value)) byTag.set(value, outputOf(option));
  }
  return (value: Record<string, unknown>) => {
    const copy = byTag.get(value[tag]);
    if (!copy) throw new NotRebuilt();
    return copy(value);
  };
}
