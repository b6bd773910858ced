// The runtime's house rules (issue 28): folders by role, dependencies one way, no import cycle,
// and no source file over 400 lines in src/ or templates/.
import { readdirSync, readFileSync } from "node:fs";
import { join, posix } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { stronglyConnected } from "../../src/model/graph.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const runtimeDir = join(root, "templates/runtime");

function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((name) => name.split("\\").join("/"))
    .filter(keep)
    .sort();
}

/** Each runtime module (path relative to templates/runtime, without .ts) and the runtime modules it imports. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of filesUnder(runtimeDir, (n) => n.endsWith(".ts"))) {
    const text = readFileSync(join(runtimeDir, file), "utf8");
    const from = file.slice(0, -3);
    const targets = [...text.matchAll(/(?:from|import\()\s*"(\.{1,2}\/[^"]+)\.js"/g)].map((m) => posix.normalize(posix.join(posix.dirname(from), m[1]!)));
    graph.set(from, [...new Set(targets)].sort());
  }
  return graph;
}

/** Import cycles: strongly connected components of more than one module, or a module importing itself (the model's Tarjan). */
function cycles(graph: Map<string, string[]>): string[][] {
  const edgesOf = (node: string): string[] => graph.get(node) ?? [];
  return stronglyConnected([...graph.keys()], edgesOf)
    .filter((component) => component.length > 1 || edgesOf(component[0]!).includes(component[0]!))
    .map((component) => [...component].sort());
}

/** Which role folders each role may import from: shared ← stores ← server, shared ← client. */
const ALLOWED: Record<string, readonly string[]> = {
  shared: ["shared"],
  stores: ["shared", "stores"],
  server: ["shared", "stores", "server"],
  client: ["shared", "client"],
};

describe("the runtime's layout", () => {
  const graph = importGraph();

  it("has one folder per role, and every module sits in one", () => {
    const roles = new Set([...graph.keys()].map((m) => m.split("/")[0]));
    expect([...roles].sort()).toEqual(Object.keys(ALLOWED).sort());
    expect([...graph.keys()].filter((m) => !m.includes("/"))).toEqual([]);
    // Inside a folder names drop the role prefix (server/http.ts, not server/server-http.ts).
    expect([...graph.keys()].filter((m) => /^(server|client)\/(server|client)-/.test(m))).toEqual([]);
  });

  it("imports only modules that exist", () => {
    const missing = [...graph].flatMap(([from, targets]) => targets.filter((t) => !graph.has(t)).map((t) => `${from} -> ${t}`));
    expect(missing).toEqual([]);
  });

  it("points its dependencies one way: shared <- stores <- server, shared <- client", () => {
    const wrong = [...graph].flatMap(([from, targets]) => {
      const role = from.split("/")[0]!;
      return targets.filter((t) => !ALLOWED[role]!.includes(t.split("/")[0]!)).map((t) => `${from} -> ${t}`);
    });
    expect(wrong).toEqual([]);
  });

  it("has no import cycle (type-only imports included)", () => {
    expect(cycles(graph)).toEqual([]);
  });

  it("finds a cycle when there is one (the check can fail)", () => {
    const broken = new Map(graph);
    broken.set("shared/errors", [...(graph.get("shared/errors") ?? []), "shared/jsonrpc"]);
    expect(cycles(broken)).toContainEqual(["shared/errors", "shared/jsonrpc"]);
  });
});

describe("the public surface", () => {
  it("is all the examples and docs import: never a path under runtime/", () => {
    const sources = [
      ...filesUnder(join(root, "examples"), (n) => /\.(ts|mts)$/.test(n) && !n.startsWith("gen/") && !n.includes("/gen/")).map((n) => join(root, "examples", n)),
      join(root, "README.md"),
      ...filesUnder(join(root, "docs"), (n) => n.endsWith(".md")).map((n) => join(root, "docs", n)),
    ];
    expect(sources.length).toBeGreaterThan(10);
    const offending = sources.filter((file) => /from\s+"[^"]*\/runtime\/|import\("[^"]*\/runtime\//.test(readFileSync(file, "utf8")));
    expect(offending.map((file) => file.slice(root.length))).toEqual([]);
  });
});

describe("source files", () => {
  it("hold at most 400 lines each in src/ and templates/", () => {
    const long = ["src", "templates"].flatMap((top) =>
      filesUnder(join(root, top), (n) => /\.(ts|hbs|mjs)$/.test(n))
        .map((n) => ({ file: `${top}/${n}`, lines: readFileSync(join(root, top, n), "utf8").split("\n").length - 1 }))
        .filter((f) => f.lines > 400),
    );
    expect(long).toEqual([]);
  });
});

