import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { describe, expect, it } from "vitest";
import { loadGenerated, schemaFor } from "../helpers/generated.js";
import { REVISIONS_WITH_EXAMPLES, SPEC_ROOT } from "../helpers/spec.js";

function examplesOf(revision: string): Array<{ type: string; file: string; value: unknown }> {
  const root = join(SPEC_ROOT, revision, "examples");
  return readdirSync(root).flatMap((type) =>
    readdirSync(join(root, type))
      .filter((file) => file.endsWith(".json"))
      .map((file) => ({ type, file, value: JSON.parse(readFileSync(join(root, type, file), "utf8")) as unknown })),
  );
}

describe.each(REVISIONS_WITH_EXAMPLES)("spec examples of %s", (revision) => {
  const examples = examplesOf(revision);

  it("has examples to check", () => {
    expect(examples.length).toBeGreaterThan(100);
  });

  it("every example parses with its type's schema, unchanged", async () => {
    const generated = await loadGenerated(revision);
    const failures: string[] = [];
    for (const { type, file, value } of examples) {
      const result = schemaFor(generated, type).safeParse(value);
      if (!result.success) failures.push(`${type}/${file}: ${result.error.message}`);
      // Open objects keep every key: the parse output equals the input.
      else if (!isDeepStrictEqual(result.data, value)) failures.push(`${type}/${file}: output differs from input`);
    }
    expect(failures).toEqual([]);
  });
});
