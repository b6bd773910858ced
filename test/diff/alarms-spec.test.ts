import { describe, expect, it } from "vitest";
import { diffModels } from "../../src/diff/compare.js";
import type { Change, DiffReport } from "../../src/diff/types.js";
import { objectShape, resolve, type Decls } from "../../src/diff/values.js";
import { revisionOf, wireShape, type Revision } from "../../src/diff/wire.js";
import type { ObjectType, Property, TypeNode } from "../../src/model/types.js";
import { revisionModel } from "../helpers/models.js";
import { REVISIONS } from "../helpers/spec.js";

// Issue 17's false alarms and missed warning on the mirror's own transitions (the fixtures are
// in alarms.test.ts): 2025-11-25 → 2026-07-28 for each entry, every adjacent pair for the rule.

const PAIRS = REVISIONS.map((r, i, all) => [r, all[i + 1]]).filter((p): p is [string, string] => !!p[1]);
const reports = new Map<string, DiffReport>();
function report(from: string, to: string): DiffReport {
  const key = `${from}→${to}`;
  if (!reports.has(key)) reports.set(key, diffModels(revisionModel(from), revisionModel(to)));
  return reports.get(key)!;
}

describe("2025-11-25 → 2026-07-28", () => {
  const changes = () => report("2025-11-25", "2026-07-28").changes;

  it("input requests lose their envelope with their move: told by the move, no `jsonrpc`/`id` removed", () => {
    expect(changes().filter((c) => c.kind === "property-removed" && /^(jsonrpc|id)$/.test(c.path))).toEqual([]);
    const moves = changes().filter((c) => c.kind === "message-moved");
    expect(moves.map((c) => [c.group, c.summary.endsWith(", without its envelope `JSONRPCRequest` (`jsonrpc` and `id`)")])).toEqual([
      ["elicitation/create", true],
      ["roots/list", true],
      ["sampling/createMessage", true],
    ]);
  });

  it.each(["inputSchema.properties", "inputSchema.required", "outputSchema.properties", "outputSchema.required"])("Tool's %s is folded into the index signature: widened, not removed", (path) => {
    const found = changes().filter((c) => c.path === path);
    expect(found.map((c) => [c.kind, c.group, c.summary, c.after, c.breaking])).toEqual([["property-type", "Tool", `property \`${path}\` folded into the index signature, widened`, "unknown", ["clients"]]]);
  });

  it("Tool's outputSchema.type was required: no longer guaranteed, still removed", () => {
    expect(changes().filter((c) => c.path === "outputSchema.type").map((c) => c.kind)).toEqual(["property-removed"]);
  });

  it("roots/list's _meta.progressToken is folded into MetaObject's index signature", () => {
    const found = changes().filter((c) => c.path === "params._meta.progressToken");
    expect(found.map((c) => [c.kind, c.group, c.before, c.after])).toEqual([["property-type", "roots/list", "ProgressToken", "unknown"]]);
  });

  it("resultType: still breaking for servers, and the entry says mcp-gen's dispatchers fill it in", () => {
    const [entry, ...others] = changes().filter((c) => c.path === "resultType");
    expect(others).toEqual([]);
    expect([entry!.kind, entry!.group, entry!.breaking]).toEqual(["property-added", "Result", ["servers"]]);
    expect(entry!.reason).toMatch(/; the dispatchers mcp-gen generates fill it in for handlers that leave it out$/);
  });

  it.each([
    ["tools/call", "CallToolResultResponse"],
    ["resources/read", "ReadResourceResultResponse"],
    ["prompts/get", "GetPromptResultResponse"],
  ])("%s may now answer input_required: breaking for clients, on the wire", (method, response) => {
    const found = changes().filter((c) => c.group === method && c.kind === "union-members");
    expect(found.map((c) => [c.level, c.types, c.path, c.summary, c.breaking])).toEqual([["wire", [response], "result", `result of \`${method}\`: added \`InputRequiredResult\``, ["clients"]]]);
    const row = report("2025-11-25", "2026-07-28").methods.find((m) => m.method === method);
    expect(row?.directions).toEqual({ clients: "changed" });
    expect(row?.breaking).toContain("clients");
  });
});

describe("every adjacent pair of the mirror", () => {
  it("2025-06-18 → 2025-11-25: the older case of the pattern, params._meta of Request and Notification, is a widening no concrete message sees (a note, issue 34)", () => {
    const found = report("2025-06-18", "2025-11-25").changes.filter((c) => c.path === "params._meta" && c.kind === "property-type");
    expect(found.every((c) => c.level === "type" && c.breaking.length === 0)).toBe(true);
    expect(found.map((c) => [c.kind, c.types, c.after])).toEqual([
      ["property-type", ["JSONRPCNotification", "Notification"], "any"],
      ["property-type", ["JSONRPCRequest", "Request"], "any"],
    ]);
    for (const change of found) expect(change.summary).toBe("property `params._meta` folded into the index signature, widened");
  });

  it.each(PAIRS)("%s → %s: no optional property folded into a declared index signature is reported removed", (from, to) => {
    const [before, after] = [revisionOf(revisionModel(from)), revisionOf(revisionModel(to))];
    const alarms = report(from, to).changes.filter((c) => c.kind === "property-removed" && c.types.some((t) => folded(t, c.path, before, after)));
    expect(alarms.map((c: Change) => `${c.types.join(", ")}: ${c.path}`)).toEqual([]);
  });
});

/** Was `path` an optional property of `type` before, whose containing shape now declares an index signature? */
function folded(type: string, path: string, before: Revision, after: Revision): boolean {
  if (!before.decls.has(type) || !after.decls.has(type)) return false;
  const old = propertyAt(wireShape(type, before), path, before.decls);
  const now = containerAt(wireShape(type, after), path, after.decls);
  return !!old?.property.optional && !!now?.indexSignature && !now.properties.some((p) => p.name === old.property.name);
}

/** The property a report path names (greedy on dotted names such as `io.modelcontextprotocol/…`), with its container. */
function propertyAt(node: TypeNode, path: string, decls: Decls): { container: ObjectType; property: Property } | undefined {
  const shape = objectShape(resolve(node, decls));
  if (!shape) return undefined;
  const names = shape.properties.filter((p) => path === p.name || path.startsWith(`${p.name}.`)).sort((a, b) => b.name.length - a.name.length);
  for (const property of names) {
    if (property.name === path) return { container: shape, property };
    const deeper = propertyAt(property.type, path.slice(property.name.length + 1), decls);
    if (deeper) return deeper;
  }
  return undefined;
}

/** The shape that holds (or would hold) the last segment of `path`. */
function containerAt(node: TypeNode, path: string, decls: Decls): ObjectType | undefined {
  const shape = objectShape(resolve(node, decls));
  if (!shape) return undefined;
  for (const property of shape.properties.filter((p) => path.startsWith(`${p.name}.`)).sort((a, b) => b.name.length - a.name.length)) {
    const deeper = containerAt(property.type, path.slice(property.name.length + 1), decls);
    if (deeper) return deeper;
  }
  return shape.properties.some((p) => path.startsWith(`${p.name}.`)) ? undefined : shape;
}
