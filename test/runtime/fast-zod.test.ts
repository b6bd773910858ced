import { execFileSync } from "node:child_process";
import { pathToFileURL } from "node:url";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { generatedJsDir, REPO_ROOT, SPEC_ROOT } from "../helpers/spec.js";

// templates/runtime/shared/fast-zod.ts builds Zod's output for valid input with a function compiled per
// object (`new Function`), or, where Zod runs `jitless` (or eval is refused), an interpreted one.
// Zod's config is global to a process, so each mode runs in a child of its own, on the spec's
// examples of 2026-07-28 and variants of them (keys reversed, an unknown key, an own
// "__proto__"): the public `safeParse` against `z.safeParse` (Zod's own parser), output keys in
// order. The child counts `new Function` calls, so each mode is shown to take its own path.

const CHILD = `
const [mode, moduleUrl, examplesDir] = process.argv.slice(1);
const { readdirSync, readFileSync } = await import("node:fs");
const { join } = await import("node:path");
const { z } = await import("zod");
if (mode === "jitless") z.config({ jitless: true });
let compiled = 0;
const NativeFunction = Function;
globalThis.Function = new Proxy(NativeFunction, { construct(target, args) { compiled++; return Reflect.construct(target, args); } });
const g = await import(moduleUrl);
/** The output as text: every own key in order, a marker where the input itself is kept. */
const show = (value, input) => {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? String(value);
  const same = value === input ? "=" : "";
  const keys = Reflect.ownKeys(value).map((k) => String(k) + ":" + show(value[k], input?.[k]));
  return same + (Array.isArray(value) ? "[" : "{") + keys.join(",") + "}";
};
const variants = (value) => {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return [value];
  const reversed = Object.fromEntries(Object.entries(value).reverse());
  const proto = JSON.parse(JSON.stringify(value).replace(/^\\{/, '{"__proto__": {"x": 1},'));
  return [value, reversed, { ...value, unknownKey: [1] }, proto];
};
let compared = 0, copies = 0;
const differences = [];
for (const type of readdirSync(examplesDir)) {
  const schema = g[type + "Schema"];
  for (const file of readdirSync(join(examplesDir, type))) {
    for (const value of variants(JSON.parse(readFileSync(join(examplesDir, type, file), "utf8")))) {
      const ours = schema.safeParse(value), theirs = z.safeParse(schema, value);
      compared++;
      if (theirs.success && theirs.data !== value) copies++;
      const [a, b] = [ours.success ? show(ours.data, value) : "invalid", theirs.success ? show(theirs.data, value) : "invalid"];
      if (a !== b) differences.push(type + "/" + file + ": " + a.slice(0, 200) + " vs Zod's " + b.slice(0, 200));
    }
  }
}
console.log(JSON.stringify({ compared, copies, compiled, differences: differences.slice(0, 5) }));
`;

function runChild(mode: "compiled" | "jitless"): { compared: number; copies: number; compiled: number; differences: string[] } {
  const moduleUrl = pathToFileURL(join(generatedJsDir("2026-07-28"), "index.js")).href;
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", CHILD, mode, moduleUrl, join(SPEC_ROOT, "2026-07-28", "examples")], { cwd: REPO_ROOT, encoding: "utf8" });
  return JSON.parse(out) as { compared: number; copies: number; compiled: number; differences: string[] };
}

describe("XSchema.safeParse builds Zod's own output, compiled or not", () => {
  it("compiles one output function per object by default, and matches Zod's output key for key", () => {
    const result = runChild("compiled");
    expect(result.differences).toEqual([]);
    expect(result.compared).toBeGreaterThan(300);
    expect(result.copies).toBeGreaterThan(300);
    expect(result.compiled).toBeGreaterThan(20);
  });

  it("under z.config({ jitless: true }) compiles nothing and gives the same outputs", () => {
    const result = runChild("jitless");
    expect(result.differences).toEqual([]);
    expect(result.compared).toBeGreaterThan(300);
    expect(result.compiled).toBe(0);
  });
});
