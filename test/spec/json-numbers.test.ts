import { describe, expect, it } from "vitest";
import { loadGenerated, schemaFor, zodSafeParse } from "../helpers/generated.js";
import { REVISIONS } from "../helpers/spec.js";

// A form's NumberSchema field is fractional (`@TJS-type number` on its bounds and default), and
// ElicitResult.content holds the answers: `{ [key: string]: string | number | boolean … }`. A bare
// `number` among an index signature's values is the user's data, so any JSON number passes
// (test/oracle-exceptions.json records where schema.json says integer).
const withElicitResult = REVISIONS.filter((revision) => revision >= "2025-06-18");

describe("fractional numbers in a form's answers", () => {
  it.each(withElicitResult)("%s: ElicitResult takes 1.5 and 95.5 as answers, by Zod and by the fast guard", async (revision) => {
    const generated = await loadGenerated(revision);
    const schema = schemaFor(generated, "ElicitResult");
    const guard = generated["isElicitResult"] as (value: unknown) => boolean;
    for (const score of [1.5, 95.5, 3, -0.25]) {
      const answer = { action: "accept", content: { score, name: "x" } };
      expect(zodSafeParse(schema, answer).success, `${score}`).toBe(true);
      expect(guard(answer), `${score}`).toBe(true);
    }
    for (const score of [{ n: 1 }, null, Number.NaN]) {
      const answer = { action: "accept", content: { score } };
      expect(zodSafeParse(schema, answer).success, String(score)).toBe(false);
      expect(guard(answer), String(score)).toBe(false);
    }
  });
});
