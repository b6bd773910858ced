import type { Declaration, Property, TypeNode } from "../model/types.js";
import type { Marks } from "./marked.js";

// What the parts of the fast validators' emitter share: its context, a property with its check
// written, and small facts about checks. Here rather than in fast-nodes.ts, so that the object
// loop (fast-loop.ts) and the untagged unions (fast-unions.ts), which fast-nodes.ts calls, import
// no emitter back: the recursion of a schema's tree stays inside fast-nodes.ts.

export interface FastContext {
  byName: ReadonlyMap<string, Declaration>;
  recursive: ReadonlySet<string>;
  /** The recursive component being emitted: references into it skip the depth guard. */
  component: Set<string>;
  /** Helper functions (inline objects, arrays, records, tagged unions), in emission order. */
  functions: string[];
  /** Module constants (patterns, large enums). */
  constants: string[];
  /** Function and constant names already used in the module. */
  taken: Set<string>;
  /** The module's helpers, constants and key caches by the text they are written from (see `once` in fast-nodes.ts). */
  written: Map<string, string>;
  /** Where types are marked for the JavaScript and declarations made from the text (marked.ts). */
  marks: Marks;
  /**
   * The module constant holding Object.prototype.hasOwnProperty, called as `${has}.call(v, k)` by
   * the loops: V8 folds a module constant and inlines the call, where `rt.has` is a call into
   * another module that large validators no longer inline.
   */
  has: string;
  /** An extension's: the core declarations it refers to, checked by the core's exported guards (`C.isX`). */
  external?: ReadonlySet<string>;
}

/** A declared property with the check of its value (held in `x`), built once for every path that reads it. */
export interface CheckedProperty {
  property: Property;
  x: string;
  /** The type accepts every value, undefined included: no check is written. */
  anything: boolean;
  check: string;
  /** The check is false for undefined by itself (true for every type but `unknown` and what may hold it). */
  refusesUndefined: boolean;
}

/**
 * Types whose check is false for undefined: all but `unknown`, a union with a member that may
 * accept it, and an alias of either (a reference cycle answers no, to be safe). Where it
 * holds, the loop's `x === undefined ||` before the check is left out (an own key that holds
 * undefined fails either way).
 */
export function refusesUndefined(type: TypeNode, ctx: FastContext, seen = new Set<string>()): boolean {
  if (type.kind === "unknown") return false;
  if (type.kind === "union") return type.members.every((m) => refusesUndefined(m, ctx, seen));
  if (type.kind !== "ref") return true;
  if (seen.has(type.name)) return false;
  seen.add(type.name);
  const target = ctx.byName.get(type.name);
  return target !== undefined && (target.kind === "interface" || refusesUndefined(target.type, ctx, seen));
}

/** A check that accepts every value (`true`, however parenthesised). */
export function isTrivial(check: string): boolean {
  return /^\(*true\)*$/.test(check);
}

/**
 * Reads the value under `k` (a getter runs, as Zod runs it) and checks it; a check that accepts
 * anything only reads it (an unused \`e\` or \`if (!(true))\` would not compile under strict flags).
 */
export function valueLines(check: string): string[] {
  if (isTrivial(check)) return ["  void v[k];"];
  // After rt.isPlainRecord(v), `v[k]` is `unknown`, which a bound (`e >= 0`) cannot compare: `any` then.
  return [`  const e${/\be [<>]=/.test(check) ? ": any" : ""} = v[k];`, `  if (!(${check})) return false;`];
}
