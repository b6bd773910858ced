import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { fastVerdict, generateFromText, zodVerdict, type Fixture } from "../helpers/fixture.js";

// A union without a tag whose members are object types (src/emit/fast-unions.ts): each member but
// the last is tried only when the value has the required keys that set it apart (`in`). Each case
// is judged by the Zod schema and the fast validator, which must agree with the expected verdict,
// and the emitted check is read to see that the guards are there (or not) as designed.

const SCHEMA = `
export interface Text { uri: string; text: string; mimeType?: string }
export interface Blob { uri: string; blob: string; mimeType?: string }
export interface Contents { items: Array<Text | Blob> }
export interface Anything { value: unknown; note: string }
export interface Named { name: string }
export interface Either { one: Anything | Named }
export interface Shared { uri: string }
export interface Same { pick: Shared | Text }
`;

let fixture: Fixture;
let validators: string;

beforeAll(async () => {
  fixture = await generateFromText("fast-unions", SCHEMA);
  // One line per statement, whatever prettier's wrapping.
  validators = readFileSync(join(fixture.outDir, "validators.ts"), "utf8").replace(/\s+/g, " ").replace(/\( /g, "(").replace(/ \)/g, ")");
});

function both(type: string, value: unknown, valid: boolean, label: string): void {
  expect(zodVerdict(fixture.module, type, value), `${type}Schema: ${label}`).toBe(valid);
  expect(fastVerdict(fixture.module, type, value), `is${type}: ${label}`).toBe(valid);
}

describe("presence guards of an untagged union of objects", () => {
  it("guards each member but the last with the required keys only it has, after one object test", () => {
    expect(validators).toContain('typeof item === "object" && item !== null && (("text" in item && Text$(item)) || Blob$(item))');
    // `uri` is required by both members: it tells nothing, and no member is guarded by it.
    expect(validators).not.toMatch(/"uri" in item/);
  });

  it("gives Zod's verdict on either member, on values of neither, and on primitives", () => {
    const cases: Array<[unknown, boolean, string]> = [
      [{ items: [{ uri: "file:///a", text: "t" }] }, true, "a Text"],
      [{ items: [{ uri: "file:///a", blob: "aGk=" }] }, true, "a Blob"],
      [{ items: [{ uri: "file:///a", text: 5, blob: "aGk=" }] }, true, "a bad text beside a good blob: the Blob member accepts"],
      [{ items: [{ uri: "file:///a", text: 5 }] }, false, "a bad text and no blob"],
      [{ items: [{ uri: "file:///a" }] }, false, "neither key"],
      [{ items: ["file:///a", 5, null, undefined, true] }, false, "primitives (`in` would throw on them)"],
      [{ items: [[]] }, false, "an array"],
    ];
    for (const [value, valid, label] of cases) both("Contents", value, valid, label);
  });

  it("a guard key that is only inherited lets the member decide, which reads own keys only", () => {
    const inherited = Object.assign(Object.create({ text: "t" }), { uri: "file:///a" });
    both("Contents", { items: [inherited] }, false, "text on the prototype, no blob");
    const both_ = Object.assign(Object.create({ text: "t" }), { uri: "file:///a", blob: "aGk=" });
    both("Contents", { items: [both_] }, true, "text on the prototype, an own blob");
    const hidden = Object.defineProperty({ uri: "file:///a" }, "text", { value: "t", enumerable: false });
    both("Contents", { items: [hidden] }, true, "a non-enumerable own text");
  });

  it("a required key whose type accepts undefined (unknown) guards nothing; the member alone decides", () => {
    expect(validators).not.toMatch(/"value" in/);
    expect(validators).toMatch(/"note" in x0 && Anything\$\(x0\)/);
    both("Either", { one: { value: 1, note: "n" } }, true, "an Anything");
    both("Either", { one: { note: "n" } }, false, "Anything without its value (required, so it must be there)");
    both("Either", { one: { name: "n" } }, true, "a Named");
    both("Either", { one: {} }, false, "neither");
  });

  it("a member whose required keys all appear in another member is tried unguarded", () => {
    both("Same", { pick: { uri: "file:///a" } }, true, "a Shared");
    both("Same", { pick: { uri: "file:///a", text: "t" } }, true, "a Text (also a Shared)");
    both("Same", { pick: { text: "t" } }, false, "no uri");
  });
});
