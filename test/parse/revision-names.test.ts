import { mkdirSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { GeneratorError } from "../../src/errors.js";
import { readRevision } from "../../src/schema/resolve.js";
import { SPEC_ROOT, scratchDir } from "../helpers/spec.js";

async function messageOf(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (error) {
    expect(error).toBeInstanceOf(GeneratorError);
    return (error as GeneratorError).message;
  }
  throw new Error("expected a GeneratorError");
}

describe("--revision takes a revision name, never a path", () => {
  it("a path to an existing revision folder points to --schema, without claiming it is missing", async () => {
    const path = relative(process.cwd(), join(SPEC_ROOT, "2026-07-28"));
    const message = await messageOf(() => readRevision(path, SPEC_ROOT));
    expect(message).toContain(`"${path}" is not a revision name`);
    expect(message).toContain(`use --schema ${join(path, "schema.ts")}`);
    expect(message).not.toMatch(/does not exist/);
  });

  it("a path to the schema file itself names that file", async () => {
    const path = relative(process.cwd(), join(SPEC_ROOT, "2026-07-28", "schema.ts"));
    expect(await messageOf(() => readRevision(path, SPEC_ROOT))).toContain(`use --schema ${path}`);
  });

  it("`..` does not escape the spec root, even where a schema.ts sits above it", async () => {
    const root = scratchDir("revision-names");
    mkdirSync(join(root, "specs"), { recursive: true });
    writeFileSync(join(root, "schema.ts"), "export interface Outside { o: string }\n");
    expect(await messageOf(() => readRevision("..", join(root, "specs")))).toMatch(/^"\.\." is not a revision name: .*use --schema FILE/);
    expect(await messageOf(() => readRevision(".", root))).toMatch(/^"\." is not a revision name/);
  });

  it("other non-names are rejected; plain names resolve as before", async () => {
    expect(await messageOf(() => readRevision("2026 07 28", SPEC_ROOT))).toMatch(/^"2026 07 28" is not a revision name: --revision takes the name of a folder/);
    expect(await messageOf(() => readRevision("-x", SPEC_ROOT))).toMatch(/is not a revision name/);
    expect(await messageOf(() => readRevision("1999-01-01", SPEC_ROOT))).toMatch(/^unknown revision "1999-01-01": .* does not exist\. Revisions under [^:]*: 2024-11-05, [^:]*\. Pass --spec-root/);
    // A spec root without the pinned revisions: the pinned ones are named instead.
    const empty = scratchDir("no-revisions");
    mkdirSync(empty, { recursive: true });
    expect(await messageOf(() => readRevision("1999-01-01", empty))).toMatch(/^unknown revision "1999-01-01": .* does not exist\. Pinned revisions: 2024-11-05, [^:]*\. Pass --spec-root/);
    expect(await readRevision("2026-07-28", SPEC_ROOT)).toMatchObject({ revision: "2026-07-28", label: "2026-07-28", file: join(SPEC_ROOT, "2026-07-28", "schema.ts") });
  });
});
