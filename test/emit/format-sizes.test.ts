import { beforeAll, describe, expect, it } from "vitest";
import { loadGenerated } from "../helpers/generated.js";
import { fastVerdict, generateFromText, zodVerdict, type Fixture } from "../helpers/fixture.js";

// Hardening: huge strings in formatted fields. The URI patterns used to be backtracking regular
// expressions, which overflow V8's regexp stack on multi-megabyte input (RangeError out of
// safeParse); the formats are linear scans now. Every format, valid and invalid, at 2 MB and
// 16 MB (beyond the 8.4 MB of the original report), through the Zod schema and the fast
// validator: a verdict each, the same one.

const SCHEMA = `
export interface Formatted {
  /** @format uri */ uri?: string;
  /** @format uri-reference */ uriReference?: string;
  /** @format uri-template */ uriTemplate?: string;
  /** @format byte */ byte?: string;
  /** @format date-time */ dateTime?: string;
  /** @format date */ date?: string;
  /** @format time */ time?: string;
  /** @format email */ email?: string;
  /** @format uuid */ uuid?: string;
}
`;

const MB = 1 << 20;

/**
 * Per field: a valid string of about `size` characters (none for fixed-length formats), and
 * invalid ones. `run` is called when a test runs, so only one huge string lives at a time.
 */
type Make = (run: (character: string) => string) => string;

function rows(): Array<[field: string, label: string, make: Make, valid: boolean]> {
  const row = (field: string, label: string, make: Make, valid: boolean): [string, string, Make, boolean] => [field, label, make, valid];
  return [
    row("uri", "data: URI", (run) => `data:text/plain;base64,${run("A")}`, true),
    row("uri", "long path, a space at the end", (run) => `https://example.com/${run("a")} `, false),
    row("uri", "no scheme", (run) => run("a"), false),
    row("uriReference", "long relative path", (run) => `/${run("a")}`, true),
    row("uriReference", "a bad escape at the end", (run) => `/${run("a")}%zz`, false),
    row("uriTemplate", "long varname", (run) => `/items/{${run("a")}}`, true),
    row("uriTemplate", "long literal", (run) => run("a"), true),
    row("uriTemplate", "unclosed expression", (run) => `{${run("a")}`, false),
    row("byte", "base64", (run) => run("A"), true),
    row("byte", "one character too many", (run) => `${run("A")}A`, false),
    row("byte", "a space inside", (run) => `${run("A").slice(0, -4)}AA A`, false),
    row("dateTime", "long fraction", (run) => `2026-07-28T12:00:00.${run("1")}Z`, true),
    row("dateTime", "long fraction, no zone", (run) => `2026-07-28T12:00:00.${run("1")}`, false),
    row("date", "garbage (a date has 10 characters)", (run) => run("1"), false),
    row("date", "valid date, long tail", (run) => `2026-07-28${run("1")}`, false),
    row("time", "long fraction", (run) => `12:00:00.${run("5")}Z`, true),
    row("time", "long fraction, bad zone", (run) => `12:00:00.${run("5")}X`, false),
    row("email", "long local part", (run) => `${run("a")}@example.com`, true),
    row("email", "long domain label", (run) => `a@${run("a")}.com`, false),
    row("email", "no at sign", (run) => run("a"), false),
    row("uuid", "garbage (a uuid has 36 characters)", (run) => run("a"), false),
    row("uuid", "valid uuid, long tail", (run) => `6e8bc430-9c3a-11d9-9669-0800200c9a66${run("a")}`, false),
  ];
}

let fixture: Fixture;

beforeAll(async () => {
  fixture = await generateFromText("format-sizes", SCHEMA);
});

describe.each([2 * MB, 16 * MB])("formatted strings of %d characters", (size) => {
  it.each(rows())("%s: %s", (field, label, make, valid) => {
    const message = { [field]: make((c) => c.repeat(size)) };
    expect(zodVerdict(fixture.module, "Formatted", message), `FormattedSchema, ${label}`).toBe(valid);
    expect(fastVerdict(fixture.module, "Formatted", message), `isFormatted, ${label}`).toBe(valid);
  });
});

describe("the spec's own icon, with an 8.4M-character data: URI (the original report)", () => {
  it("IconSchema and isIcon accept it; a broken one is rejected, without RangeError", async () => {
    const spec = await loadGenerated("2026-07-28");
    const src = `data:image/png;base64,${"A".repeat(8_400_000)}`;
    expect(zodVerdict(spec, "Icon", { src })).toBe(true);
    expect(fastVerdict(spec, "Icon", { src })).toBe(true);
    expect(zodVerdict(spec, "Icon", { src: `${src} ` })).toBe(false);
    expect(fastVerdict(spec, "Icon", { src: `${src} ` })).toBe(false);
  });
});
