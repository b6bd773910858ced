import { readFileSync } from "node:fs";
import { propertyBehind } from "../../src/model/properties.js";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseSchema } from "../../src/parse/index.js";
import { recursiveDeclarations } from "../../src/model/graph.js";
import { loadGenerated, schemaFor } from "../helpers/generated.js";
import { REVISIONS, SPEC_ROOT } from "../helpers/spec.js";

/** `{"a":[{"a":[…1…]}]}` nested `levels` containers deep, from text: JSON.parse accepts it. */
function nested(levels: number): unknown {
  return JSON.parse(`${'{"a":['.repeat(levels / 2)}1${"]}".repeat(levels / 2)}`);
}

function modelOf(revision: string) {
  const file = join(SPEC_ROOT, revision, "schema.ts");
  return parseSchema({ text: readFileSync(file, "utf8"), fileName: file, revision }).model;
}

const withRecursion = REVISIONS.filter((r) => recursiveDeclarations(modelOf(r).declarations).size > 0);

describe("hostile depth gets a clean verdict", () => {
  it("at least one revision has recursive types", () => {
    expect(withRecursion.length).toBeGreaterThan(0);
  });

  it.each(withRecursion)("every recursive type of %s: 10,000 levels give a verdict, no exception", async (revision) => {
    const generated = await loadGenerated(revision);
    const hostile = nested(10_000);
    for (const name of recursiveDeclarations(modelOf(revision).declarations)) {
      const schema = schemaFor(generated, name);
      const result = schema.safeParse(hostile);
      expect(result.success, name).toBe(false);
      expect(result.error!.issues[0]!.message).toMatch(/levels deep/);
      // Below the limit the same shape is accepted where it is valid JSON data.
      if (schema.safeParse({ a: [1] }).success) expect(schema.safeParse(nested(100)).success, name).toBe(true);
    }
  });

  it("clientCapabilities.experimental of every 2026-07-28 client request, 10,000 levels deep", async () => {
    const revision = "2026-07-28";
    const generated = await loadGenerated(revision);
    const model = modelOf(revision);
    const union = model.declarations.find((d) => d.name === "ClientRequest")!;
    const requests = union.kind === "alias" && union.type.kind === "union" ? union.type.members.map((m) => (m.kind === "ref" ? m.name : "")) : [];
    expect(requests.length).toBeGreaterThan(5);
    let checkedAtLimit = 0;
    for (const name of requests) {
      const declaration = model.declarations.find((d) => d.name === name)!;
      const method = declaration.kind === "interface" ? propertyBehind({ kind: "ref", name }, "method", new Map(model.declarations.map((d) => [d.name, d])))?.type : undefined;
      const requestWith = (deep: unknown) => ({
        jsonrpc: "2.0",
        id: 1,
        method: method?.kind === "literal" ? method.value : "",
        params: {
          _meta: {
            "io.modelcontextprotocol/protocolVersion": revision,
            "io.modelcontextprotocol/clientCapabilities": { experimental: { deep } },
          },
        },
      });
      const request = requestWith(nested(10_000));
      for (const schema of [schemaFor(generated, name), schemaFor(generated, "ClientRequest")]) {
        const result = schema.safeParse(request);
        expect(result.success, name).toBe(false);
        expect(JSON.stringify(result.error!.issues), name).toMatch(/levels deep/);
      }
      // Just under the limit the same request is valid, and recursing that deep is safe.
      const limit = generated.MAX_NESTING_DEPTH as number;
      const shallowIsValid = schemaFor(generated, name).safeParse(requestWith({})).success;
      checkedAtLimit += shallowIsValid ? 1 : 0;
      expect(schemaFor(generated, name).safeParse(requestWith(nested(limit))).success, name).toBe(shallowIsValid);
      expect(schemaFor(generated, name).safeParse(requestWith(nested(limit + 2))).success, name).toBe(false);
      // JSONRPCMessage types params as `{ [key: string]: any }`: a verdict, no exception.
      expect(() => schemaFor(generated, "JSONRPCMessage").safeParse(request)).not.toThrow();
    }
    expect(checkedAtLimit).toBeGreaterThan(2);
  });
});
