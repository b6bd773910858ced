// The generator's house rules (issue 50), as test/runtime/layout.test.ts holds the runtime's:
// src/ in layers whose imports point one way, no import cycle between folders, and between files
// only the mutual recursions that are the algorithms' own, each commented in both of its files.
// docs/architecture.md ("Layers") states the same rule.
import { readdirSync, readFileSync } from "node:fs";
import { join, posix } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { stronglyConnected } from "../../src/model/graph.js";
import { typescript } from "../../src/transpile/index.js";

const src = fileURLToPath(new URL("../../src", import.meta.url));
const ts = typescript();

/** Each module of src/ (its path under src/, without .ts) and the modules of src/ it imports: type-only imports, `export … from` and `import()` included. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const files = readdirSync(src, { recursive: true, encoding: "utf8" }).map((name) => name.split("\\").join("/"));
  for (const file of files.filter((name) => name.endsWith(".ts")).sort()) {
    const from = file.slice(0, -3);
    // TypeScript's scanner, not a regex: the generator writes import statements in strings and comments.
    const specifiers = ts.preProcessFile(readFileSync(join(src, file), "utf8"), true, true).importedFiles.map((i) => i.fileName);
    const targets = specifiers.filter((s) => /^\.\.?\//.test(s)).map((s) => posix.normalize(posix.join(posix.dirname(from), s.replace(/\.js$/, ""))));
    graph.set(from, [...new Set(targets)].sort());
  }
  return graph;
}

/** A module's unit: its top folder, or a top-level file's name (`cli.ts` and a `cli/` folder are one unit). */
function unitOf(module: string): string {
  return module.split("/")[0]!;
}

/**
 * Which units each unit may import, bottom to top. Besides these, any unit may import a leaf: a
 * top-level file that imports nothing of src/ (version.ts, compile-cache.ts, project.ts), which no
 * cycle can pass through.
 */
const MAY_IMPORT: Record<string, readonly string[]> = {
  model: [],
  errors: ["model"],
  parse: ["model", "errors"],
  schema: ["errors"],
  emit: ["model", "errors"],
  write: ["emit", "model", "errors"],
  transpile: ["write", "emit", "errors"],
  generate: ["transpile", "write", "emit", "parse", "schema", "model", "errors"],
  diff: ["generate", "write", "emit", "schema", "model", "errors"],
  init: ["emit", "errors"],
  migrate: ["diff", "generate", "transpile", "write", "emit", "schema", "model", "errors"],
  catalog: ["diff", "generate", "transpile", "write", "emit", "parse", "schema", "model", "errors"],
  index: ["catalog", "migrate", "init", "diff", "generate", "transpile", "write", "emit", "parse", "schema", "model", "errors"],
  cli: ["index", "catalog", "migrate", "init", "diff", "generate", "transpile", "write", "emit", "parse", "schema", "model", "errors"],
};

/** The file cycles that are an algorithm's own recursion (each file says so at its top). */
const NATURAL_CYCLES = [
  ["diff/shapes", "diff/unions"], // compareTypes <-> compareUnion
  ["parse/shapes", "parse/type-nodes"], // objectShapeOf <-> convertType
];

/** Import cycles: strongly connected components of more than one node, or a node importing itself. */
function cycles(graph: Map<string, string[]>): string[][] {
  const edgesOf = (node: string): string[] => graph.get(node) ?? [];
  return stronglyConnected([...graph.keys()], edgesOf)
    .filter((component) => component.length > 1 || edgesOf(component[0]!).includes(component[0]!))
    .map((component) => [...component].sort())
    .sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** The units' graph: one edge per pair of units some module of one imports a module of the other. */
function unitGraph(graph: Map<string, string[]>): Map<string, string[]> {
  const units = new Map<string, Set<string>>();
  for (const [from, targets] of graph) {
    const edges = units.get(unitOf(from)) ?? new Set<string>();
    for (const target of targets) if (unitOf(target) !== unitOf(from)) edges.add(unitOf(target));
    units.set(unitOf(from), edges);
  }
  return new Map([...units].map(([unit, edges]) => [unit, [...edges].sort()]));
}

/** Top-level files that import nothing of src/. */
function leaves(graph: Map<string, string[]>): Set<string> {
  return new Set([...graph].filter(([module, targets]) => !module.includes("/") && targets.length === 0).map(([module]) => module));
}

/** Every import from one unit into another that the rule does not allow, as `from -> to`. */
function againstDirection(graph: Map<string, string[]>): string[] {
  const leaf = leaves(graph);
  return [...graph].flatMap(([from, targets]) =>
    targets
      .filter((t) => unitOf(t) !== unitOf(from) && !leaf.has(unitOf(t)) && !(MAY_IMPORT[unitOf(from)] ?? []).includes(unitOf(t)))
      .map((t) => `${from} -> ${t}`),
  );
}

describe("the layers of src/", () => {
  const graph = importGraph();

  it("reads every module and its imports", () => {
    expect(graph.size).toBeGreaterThan(120);
    expect(graph.get("generate")).toEqual(expect.arrayContaining(["transpile/index", "parse/index"])); // parse/index by import()
    expect(graph.get("emit/fast-links")).toContain("emit/fast-context"); // a type-only import
    expect(graph.get("emit/names")).not.toContain("emit/m"); // `export { x } from "./m.js"` in a comment is none
    const missing = [...graph].flatMap(([from, targets]) => targets.filter((t) => !graph.has(t)).map((t) => `${from} -> ${t}`));
    expect(missing).toEqual([]);
  });

  it("places every unit: each folder and top-level file has a rule, or is a leaf", () => {
    const leaf = leaves(graph);
    expect([...leaf].sort()).toEqual(expect.arrayContaining(["compile-cache", "project", "version"]));
    const unplaced = [...new Set([...graph.keys()].map(unitOf))].filter((unit) => !(unit in MAY_IMPORT) && !leaf.has(unit));
    expect(unplaced, "add the unit to MAY_IMPORT here and to the list in docs/architecture.md").toEqual([]);
  });

  it("states a direction: the rule itself allows no cycle", () => {
    const rule = new Map(Object.entries(MAY_IMPORT).map(([unit, allowed]) => [unit, [...allowed]]));
    expect(cycles(rule)).toEqual([]);
  });

  it("points every import between units the stated way", () => {
    expect(againstDirection(graph)).toEqual([]);
  });

  it("has no import cycle between units", () => {
    expect(cycles(unitGraph(graph))).toEqual([]);
  });

  it("has no import cycle between files but the algorithms' own recursions", () => {
    expect(cycles(graph)).toEqual(NATURAL_CYCLES);
  });

  it("says so in both files of each recursion", () => {
    const unsaid = NATURAL_CYCLES.flatMap((cycle) =>
      cycle.filter((module) => {
        const text = readFileSync(join(src, `${module}.ts`), "utf8");
        const others = cycle.filter((other) => other !== module).map((other) => `${posix.basename(other)}.ts`);
        return !/^\/\/ Mutual recursion, on purpose/.test(text) || !others.every((name) => text.slice(0, 400).includes(name));
      }),
    );
    expect(unsaid).toEqual([]);
  });

  it("finds an import against the direction, and the cycle it makes (the checks can fail)", () => {
    const broken = new Map(graph);
    broken.set("model/types", [...(graph.get("model/types") ?? []), "emit/common"]);
    expect(againstDirection(broken)).toContain("model/types -> emit/common");
    expect(cycles(unitGraph(broken))).toContainEqual(expect.arrayContaining(["emit", "model"]));
    const looped = new Map(graph);
    looped.set("emit/fast-loop", [...(graph.get("emit/fast-loop") ?? []), "emit/fast-nodes"]);
    expect(cycles(looped)).toContainEqual(["emit/fast-loop", "emit/fast-nodes"]);
  });
});
