// Which formats the JSON Schema front end checks: only those whose runtime check accepts every
// string ajv-formats accepts (the validator the official SDK uses), on realistic values and
// thousands of seeded mutations of them. The formats left unchecked each have a counterexample.
import Ajv from "ajv";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { CHECKED_FORMATS } from "../../../src/parse/json-schema/context.js";
import * as formats from "../../../templates/runtime/shared/formats.js";
import { rng } from "../../helpers/payloads.js";

const ajv = new (Ajv as unknown as typeof Ajv.default)({ strict: false });
(addFormats as unknown as typeof addFormats.default)(ajv);

const CHECKS: Record<string, (s: string) => boolean> = {
  uri: formats.isUri,
  "uri-reference": formats.isUriReference,
  "uri-template": formats.isUriTemplate,
  date: formats.isDate,
  uuid: formats.isUuid,
  "date-time": formats.isDateTime,
  time: formats.isTime,
  email: formats.isEmail,
};

const SEEDS: Record<string, string[]> = {
  uri: ["https://example.com/a/b?c=d#e", "http://[::1]:8080/", "http://[2001:db8::7]/c=GB?objectClass?one", "urn:oasis:names:specification:docbook:dtd:xml:4.1.2", "mailto:John.Doe@example.com", "file:///etc/hosts", "ftp://user:pass@host:21/x", "http://192.168.0.1/", "a:b", "tel:+1-816-555-1212", "data:text/plain;base64,SGVsbG8="],
  "uri-reference": ["/a/b", "../c?d", "#frag", "//host/path", "", "a:b", "?q=1", "%20x", "http://x/y"],
  "uri-template": ["https://api.example.com/{owner}/{repo}{?ref,page}", "file:///{+path}", "{/segments*}", "{#frag}", "{.ext}", "{;params}", "{var:3}", "plain", "x{&a,b}"],
  date: ["2024-02-29", "1999-12-31", "0000-01-01", "2023-02-28", "2100-02-28"],
  uuid: ["123e4567-e89b-12d3-a456-426614174000", "00000000-0000-0000-0000-000000000000", "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF", "urn:uuid:123e4567-e89b-12d3-a456-426614174000"],
};

const NOISE = ["", "a", "Z", "0", "9", ":", "/", "?", "#", "[", "]", "@", "!", "$", "&", "'", "(", ")", "*", "+", ",", ";", "=", "%", "%2", "%2F", "-", ".", "_", "~", " ", "{", "}", "<", ">", "\\", "^", "`", "|", '"', "ü", "😀", "\n", "T", "z", "::"];

/** The seeds and seeded mutations of them: characters inserted, deleted and replaced. */
function corpus(format: string, count: number): string[] {
  const random = rng(format.length * 7919 + count);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const out = [...SEEDS[format]!];
  while (out.length < count) {
    let s = pick(SEEDS[format]!);
    for (let edits = 1 + Math.floor(random() * 3); edits > 0; edits--) {
      const at = Math.floor(random() * (s.length + 1));
      const op = random();
      s = op < 0.4 ? s.slice(0, at) + pick(NOISE) + s.slice(at) : op < 0.7 ? s.slice(0, at) + s.slice(at + 1) : s.slice(0, at) + pick(NOISE) + s.slice(at + 1);
    }
    out.push(s);
  }
  return out;
}

describe("formats the JSON Schema front end checks", () => {
  it.each([...CHECKED_FORMATS].sort())("%s: every string ajv-formats accepts is accepted (3,000 strings)", (format) => {
    const validate = ajv.compile({ type: "string", format });
    const check = CHECKS[format]!;
    const strings = corpus(format, 3000);
    const refused = strings.filter((s) => validate(s) && !check(s));
    expect(refused).toEqual([]);
    // Not vacuous: ajv-formats accepts a good share, and refuses some.
    const accepted = strings.filter((s) => validate(s)).length;
    expect(accepted).toBeGreaterThan(30);
    expect(accepted).toBeLessThan(strings.length);
  });

  it.each([
    ["uri", "http:/[::1]:8080"],
    ["uri", "ftp://user:pass@host:21x"],
    ["uri-reference", "@http://x/y"],
    ["date-time", "2024-01-02 03:04:05Z"],
    ["date-time", "2024-01-02T03:04:05+0100"],
    ["time", "03:04:05+01"],
    ["email", `a@${"b".repeat(64)}.com`],
  ])("%s stays unchecked: ajv-formats accepts %j, the runtime's check does not", (format, value) => {
    expect(CHECKED_FORMATS.has(format)).toBe(false);
    expect(ajv.compile({ type: "string", format })(value)).toBe(true);
    expect(CHECKS[format]!(value)).toBe(false);
  });
});
