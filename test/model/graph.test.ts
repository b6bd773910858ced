import { describe, expect, it } from "vitest";
import { typeOf } from "../../src/model/shapes.js";
import { aliasCycles, componentsInDependencyOrder, recursiveDeclarations, referencesOf, walkType } from "../../src/model/graph.js";
import type { Declaration, TypeNode } from "../../src/model/types.js";

// The walkers are iterative (no stack overflow on long chains); these tests hold them to the
// results of the straightforward recursive formulations they replaced, on random inputs.

/** Deterministic pseudo-random numbers (mulberry32), so a failure reproduces. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const location = { file: "m", line: 1, column: 1 };
const alias = (name: string, type: TypeNode): Declaration => ({ kind: "alias", name, exported: true, doc: { text: "" }, location, type });
const ref = (name: string): TypeNode => ({ kind: "ref", name });

/** A random type tree over `names`: unions, arrays, objects, refs and leaves. */
function randomType(next: () => number, names: string[], depth: number): TypeNode {
  const pick = next();
  if (depth <= 0 || pick < 0.3) return next() < 0.6 ? ref(names[Math.floor(next() * names.length)]!) : { kind: "string" };
  if (pick < 0.55) return { kind: "union", members: Array.from({ length: 1 + Math.floor(next() * 3) }, () => randomType(next, names, depth - 1)) };
  if (pick < 0.7) return { kind: "array", items: randomType(next, names, depth - 1) };
  const properties = Array.from({ length: Math.floor(next() * 3) }, (_, i) => ({ name: `p${i}`, optional: false, type: randomType(next, names, depth - 1), doc: { text: "" } }));
  return next() < 0.3 ? { kind: "object", properties, indexSignature: randomType(next, names, depth - 1) } : { kind: "object", properties };
}

function randomModel(seed: number): Declaration[] {
  const next = random(seed);
  const names = Array.from({ length: 2 + Math.floor(next() * 25) }, (_, i) => `D${i}`);
  return names.map((name) => alias(name, randomType(next, [...names, "Missing"], 4)));
}

/** The recursive walk and Tarjan this module used before (the oracle). */
function walkRecursive(type: TypeNode, visit: (node: TypeNode) => void): void {
  visit(type);
  if (type.kind === "array") walkRecursive(type.items, visit);
  if (type.kind === "union") for (const member of type.members) walkRecursive(member, visit);
  if (type.kind === "object") {
    for (const property of type.properties) walkRecursive(property.type, visit);
    if (type.indexSignature) walkRecursive(type.indexSignature, visit);
  }
}

function tarjanRecursive(declarations: Declaration[]): string[][] {
  const byName = new Map(declarations.map((d) => [d.name, d]));
  const edges = new Map(declarations.map((d) => [d.name, referencesOf(typeOf(d, byName))]));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const components: string[][] = [];
  const connect = (name: string): void => {
    index.set(name, index.size);
    low.set(name, index.get(name)!);
    stack.push(name);
    for (const next of edges.get(name) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(name, Math.min(low.get(name)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(name, Math.min(low.get(name)!, index.get(next)!));
    }
    if (low.get(name) === index.get(name)) components.push(stack.splice(stack.indexOf(name)));
  };
  for (const d of declarations) if (!index.has(d.name)) connect(d.name);
  return components;
}

describe("iterative graph walkers give the recursive results", () => {
  it("walkType visits in the same order on 300 random types", () => {
    for (let seed = 1; seed <= 300; seed++) {
      const type = randomType(random(seed), ["A", "B"], 6);
      const iterative: TypeNode[] = [];
      const recursive: TypeNode[] = [];
      walkType(type, (node) => iterative.push(node));
      walkRecursive(type, (node) => recursive.push(node));
      expect(iterative).toEqual(recursive);
      expect(iterative.every((node, i) => node === recursive[i])).toBe(true);
    }
  });

  it("componentsInDependencyOrder matches recursive Tarjan on 300 random models", () => {
    for (let seed = 1; seed <= 300; seed++) {
      const declarations = randomModel(seed);
      expect(componentsInDependencyOrder(declarations), `seed ${seed}`).toEqual(tarjanRecursive(declarations));
    }
  });

  it("a 20,000-long chain and a 20,000-deep type do not overflow", () => {
    const chain = Array.from({ length: 20_000 }, (_, i) => alias(`C${i}`, { kind: "array", items: ref(`C${(i + 1) % 20_000}`) }));
    expect(componentsInDependencyOrder(chain)).toHaveLength(1);
    expect(recursiveDeclarations(chain).size).toBe(20_000);
    let deep: TypeNode = { kind: "string" };
    for (let i = 0; i < 20_000; i++) deep = { kind: "array", items: deep };
    let count = 0;
    walkType(deep, () => count++);
    expect(count).toBe(20_001);
  });
});

describe("aliasCycles: aliases that reach themselves through aliases and unions only", () => {
  it("finds each such cycle once, from its first alias, and ignores deferred recursion", () => {
    const declarations = [
      alias("Ok", { kind: "union", members: [{ kind: "string" }, { kind: "array", items: ref("Ok") }] }),
      alias("B", { kind: "union", members: [ref("C"), { kind: "null" }] }),
      alias("C", ref("D")),
      alias("D", { kind: "union", members: [ref("B"), ref("C")] }),
      alias("Self", { kind: "union", members: [ref("Self"), { kind: "string" }] }),
      alias("Obj", { kind: "object", properties: [{ name: "o", optional: true, type: ref("Obj"), doc: { text: "" } }] }),
    ];
    expect(aliasCycles(declarations)).toEqual([["B", "C", "D"], ["Self"]]);
  });

  it("a cycle of 10,000 aliases", () => {
    const ring = Array.from({ length: 10_000 }, (_, i) => alias(`R${i}`, ref(`R${(i + 1) % 10_000}`)));
    const [cycle] = aliasCycles(ring);
    expect(cycle).toHaveLength(10_000);
    expect(cycle!.slice(0, 2)).toEqual(["R0", "R1"]);
  });
});
