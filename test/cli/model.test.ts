import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { exportedConstantNames, exportedTypeNames } from "../helpers/spec-exports.js";
import { REVISIONS, SPEC_ROOT } from "../helpers/spec.js";

describe("mcp-gen model", () => {
  it.each(REVISIONS)("%s: prints a deterministic JSON model with every type and constant of schema.ts", async (revision) => {
    const args = ["model", "--revision", revision, "--spec-root", SPEC_ROOT];
    const [first, second] = await Promise.all([runCli(args), runCli(args)]);
    expect(first.code).toBe(0);
    expect(first.stdout).toBe(second.stdout);
    const model = JSON.parse(first.stdout);
    const file = join(SPEC_ROOT, revision, "schema.ts");
    expect(model.declarations.map((d: { name: string }) => d.name).sort()).toEqual(exportedTypeNames(file).sort());
    expect(model.constants.map((c: { name: string }) => c.name).sort()).toEqual(exportedConstantNames(file).sort());
    expect(model.source).toMatchObject({ revision, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });
});
