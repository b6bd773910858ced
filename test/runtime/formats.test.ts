import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import * as formats from "../../templates/runtime/shared/formats.js";
import { rng } from "../helpers/payloads.js";

// The runtime's format checks (linear scans, no backtracking) against ajv-formats' "full" mode,
// the validator upstream's schema.json is usually checked with. On the formats the MCP schema uses
// (uri, uri-template, byte) they must agree, except where ajv-formats departs from the RFC; each
// such difference is listed below with its reason, and asserted, so it stays deliberate.

const require = createRequire(import.meta.url);
const { fullFormats } = require("ajv-formats/dist/formats") as { fullFormats: Record<string, unknown> };

function ajvFormat(name: string): (text: string) => boolean {
  const format = fullFormats[name] as RegExp | ((s: string) => boolean) | { validate: RegExp | ((s: string) => boolean) };
  const validate = typeof format === "function" || format instanceof RegExp ? format : format.validate;
  return (text) => (validate instanceof RegExp ? validate.test(text) : validate(text));
}

const OURS: Record<string, (text: string) => boolean> = {
  uri: formats.isUri,
  "uri-reference": formats.isUriReference,
  "uri-template": formats.isUriTemplate,
  byte: formats.isBase64,
  "date-time": formats.isDateTime,
  date: formats.isDate,
  time: formats.isTime,
  email: formats.isEmail,
  uuid: formats.isUuid,
};

/** Tricky strings per format. */
const CORPUS: Record<string, string[]> = {
  uri: [
    "https://example.com", "http://a/b?c#d", "urn:isbn:0451450523", "mailto:dev@example.com", "file:///home/x", "http://[::1]:8080/x", "http://[v1.x]/",
    "a:b", "HTTP://EXAMPLE.COM", "http://ex ample.com", "http://example.com/%", "http://example.com/%zz", "http://example.com/%41", "1http://x", "http//x", "",
    "://x", "x://", "http://a:b@c:8080/p", "http://[::1", "http://é.com", "data:text/plain;base64,SGk=", "data:,", "http://example.com/a b", "http://example.com/a\tb",
    "ws://x:/", "tag:a,b:c", "a+b-c.d:x", "-a:x", "http://a/b/../c", "http://a?b", "http://a#b#c", "http://a/b?c?d", "http://a/{b}", "http://a/|", "http://a/\\",
    "http://a/^", "http://a/`", "x:/", "x://a//b", "x:////a", "http://a/[b]", "http://[::1]x", "http://[]/", "foo:bar#baz[", "http://-a-/", "http://a_b/",
    "http://a.b./", "http://255.255.255.255/", "javascript:alert(1)", "urn:uuid:6e8bc430-9c3a-11d9-9669-0800200c9a66", "http://a/~user", "http://a/%7e",
    "http://a/\u00e9", "http://a/\u0000", "relative/path", "/absolute", "#fragment", "?query", "https://example.com/docs/a?b=1#top",
  ],
  "uri-template": [
    "", "x", "/a/{b}", "{a}", "{+a}", "{#a}", "{.a}", "{/a}", "{;a}", "{?a,b}", "{&a}", "{=a}", "{,a}", "{!a}", "{@a}", "{|a}", "{a*}", "{a:3}", "{a:0}",
    "{a:10000}", "{a:9999}", "{a..b}", "{a}{b}", "{}", "{a", "a}", "{a b}", "{%20}", "{%zz}", "%20", "%2", "a b", "a\u0080b", "é", "{é}", "\"", "'", "<", ">",
    "\\", "^", "`", "|", "{a,}", "{,}", "{a:1*}", "{a*:1}", "{_}", "{A1}", "https://api.example.com/{owner}/{repo}{?ref,page}", "file:///{path}", "{a}}",
    "{{a}", "{$a}", "{a-b}", "{ab%2Fc}", "db://tables/{table*}",
  ],
  byte: ["", "a", "ab", "abc", "abcd", "ab==", "abc=", "a===", "====", "ab=c", " abcd", "ab cd", "ab-_", "ab+/", "QR==", "QQ==", "////", "++++", "abcde===", "abcdefgh", "aGVsbG8=", "aGVsbG8", "a=bc", "=abc", "ABCD=", "ABCD==", "\u00e9abc", "AAECAwQFBgcICQ=="],
  "uri-reference": ["", "a", "/a", "//a", "?a", "#a", "a:b", "a b", "%", "%41", "a/b:c", "a:b/c", "./a:b", "//[::1]", "\\", "http://a"],
  "date-time": ["2026-07-28T12:00:00Z", "2026-07-28t12:00:00z", "2026-07-28T12:00:00.123+02:00", "2026-02-29T00:00:00Z", "2024-02-29T00:00:00Z", "2026-07-28T12:00Z", "2026-07-28T24:00:00Z", "2026-13-01T00:00:00Z", "2026-07-28T12:00:00", "2026-07-28T12:00:00.Z"],
  date: ["2026-07-28", "2026-02-29", "2024-02-29", "2026-7-28", "20260728", "2026-00-10", "2026-12-32", "0000-01-01"],
  time: ["23:59:60Z", "12:00:00Z", "12:00:00", "12:00:00+02:00", "12:00Z", "24:00:00Z", "12:00:00.5z"],
  email: ["a@b.co", "a.b@c.d", "a..b@c.d", ".a@b.c", "a@b", "a@-b.c", "a@b-.c", "A@B.CO", "a+b@c.io", "a@b..c", "a@[1.2.3.4]", "\"a\"@b.c", "a@b.c1"],
  uuid: ["6e8bc430-9c3a-11d9-9669-0800200c9a66", "6E8BC430-9C3A-11D9-9669-0800200C9A66", "urn:uuid:6e8bc430-9c3a-11d9-9669-0800200c9a66", "6e8bc4309c3a11d996690800200c9a66", "00000000-0000-0000-0000-000000000000", "6e8bc430-9c3a-11d9-9669-0800200c9a6"],
};

/** Deliberate differences: [format, string, our verdict, why]. ajv-formats gives the opposite. */
const DIFFERENCES: Array<[string, string, boolean, string]> = [
  ["uri", "a:", true, "RFC 3986: hier-part may be path-empty, so scheme \":\" alone is a URI"],
  ["uri", "http://a@b@c/", false, "RFC 3986: neither userinfo nor host may contain \"@\""],
  ["uri", "http://x:port/", false, "RFC 3986: port = *DIGIT"],
  ["uri", "http://a:1:2/", false, "RFC 3986: one port; reg-name has no \":\""],
  ["uri-template", "{a.b}", true, "RFC 6570: varname = varchar *( [\".\"] varchar )"],
  ["uri-template", "{.a.b}", true, "RFC 6570: the \".\" operator, then the dotted varname a.b"],
  ["uri-template", "a\u007fb", false, "RFC 6570: DEL is not a literal character"],
  ["byte", "abcd\n", false, "RFC 4648: no line breaks; ajv-formats' pattern has the m flag, so $ matches before \\n"],
  ["date-time", "2026-07-28T12:00:60Z", true, "RFC 3339: time-second allows 60 (leap second)"],
  ["date-time", "2026-07-28 12:00:00Z", false, "RFC 3339 section 5.6: the separator is \"T\" (or \"t\")"],
  ["date-time", "2026-07-28T12:00:00+0200", false, "RFC 3339: time-numoffset has a colon"],
];

describe("runtime formats against ajv-formats (full mode)", () => {
  it.each(Object.keys(CORPUS))("%s: same verdict on every tricky string except the listed differences", (name) => {
    const ajv = ajvFormat(name);
    const ours = OURS[name]!;
    const listed = new Set(DIFFERENCES.filter(([format]) => format === name).map(([, text]) => text));
    const differing = CORPUS[name]!.filter((text) => !listed.has(text) && ajv(text) !== ours(text)).map((text) => `${JSON.stringify(text)}: ours ${ours(text)}, ajv ${ajv(text)}`);
    expect(differing).toEqual([]);
    // Both verdicts occur: the corpus is not all valid or all invalid.
    const verdicts = new Set(CORPUS[name]!.map((text) => ours(text)));
    expect([...verdicts].sort()).toEqual([false, true]);
  });

  it.each(DIFFERENCES)("%s %j: ours %s (%s); ajv-formats says the opposite", (name, text, verdict) => {
    expect(OURS[name]!(text)).toBe(verdict);
    expect(ajvFormat(name)(text)).toBe(!verdict);
  });
});

// isUri takes a quick pass (one regular expression over the common shapes) before the exact
// scans; the quick pass may only ever say yes where the scans say yes. Seeded random strings
// built from the pieces URIs are made of, plus single-character mutations of valid URIs.
describe("isUri's quick pass against the exact scans", () => {
  const PIECES = ["a", "Z", "9", "http", "x+y", "-", ".", "_", "~", "!", "$", "&", "'", "(", "*", ",", ";", "=", ":", "//", "/", "?", "#", "@", "[", "]", "::1", "%", "%4", "%41", "%zz", "8080", " ", "\t", "é", "{", "}", "|", "\\", "^", "`", '"', "<", ">", "\u0000", "\ud800"];
  const random = rng(0x5eed);
  const pick = <T,>(list: T[]): T => list[Math.floor(random() * list.length)]!;
  const made = Array.from({ length: 20000 }, () => {
    const body = Array.from({ length: Math.floor(random() * 12) }, () => pick(PIECES)).join("");
    return random() < 0.7 ? `${pick(["http", "a", "urn", "x-y.z+1", "file", "1a", ""])}:${random() < 0.5 ? "//" : ""}${body}` : body;
  });
  const mutated = CORPUS.uri!.flatMap((text) => Array.from({ length: text.length + 1 }, (_, i) => PIECES.map((piece) => text.slice(0, i) + piece + text.slice(i + 1)))).flat();
  it("gives the exact verdict on every string, valid and invalid alike", () => {
    const strings = [...CORPUS.uri!, ...made, ...mutated];
    expect(strings.filter((text) => formats.isUri(text) !== formats.exactUri(text))).toEqual([]);
    const accepted = strings.filter((text) => formats.exactUri(text)).length;
    expect(accepted).toBeGreaterThan(strings.length / 5);
    expect(accepted).toBeLessThan(strings.length * 0.9);
  });

  it("leaves long strings to the exact scans, in linear time", () => {
    const long = `https://example.com/${"a".repeat(5000)}`;
    expect(formats.isUri(long)).toBe(true);
    expect(formats.isUri(`${long}%`)).toBe(false);
    expect(formats.isUri(`a://${"a".repeat(4000)}^`)).toBe(false);
  });
});

// isUriTemplate takes the same kind of quick pass; held to the exact scan the same way.
describe("isUriTemplate's quick pass against the exact scan", () => {
  const PIECES = ["a", "Z", "9", "_", ".", "..", "{", "}", "{a}", "{+", "{#", "{?", "{;", "{|", ",", "*", ":", ":0", ":1", ":12345", "%", "%2", "%41", "/", "?", "#", "&", "=", " ", "'", '"', "<", ">", "\\", "^", "`", "|", "é", "\u007f", "\u0000", "\ud800", "http://x/"];
  const random = rng(0x7e3a);
  const pick = <T,>(list: T[]): T => list[Math.floor(random() * list.length)]!;
  // Mostly valid pieces, so that both verdicts are common.
  const VALID = ["a", "Z9", "/", "{a}", "{+b,c*}", "{?x.y:12}", "é", "http://x/"];
  const made = Array.from({ length: 20000 }, () => Array.from({ length: Math.floor(random() * 8) }, () => pick(random() < 0.85 ? VALID : PIECES)).join(""));
  const mutated = CORPUS["uri-template"]!.flatMap((text) => Array.from({ length: text.length + 1 }, (_, i) => PIECES.map((piece) => text.slice(0, i) + piece + text.slice(i + 1)))).flat();
  it("gives the exact verdict on every string, valid and invalid alike", () => {
    const strings = [...CORPUS["uri-template"]!, ...made, ...mutated];
    expect(strings.filter((text) => formats.isUriTemplate(text) !== formats.exactUriTemplate(text))).toEqual([]);
    const accepted = strings.filter((text) => formats.exactUriTemplate(text)).length;
    expect(accepted).toBeGreaterThan(strings.length / 5);
    expect(accepted).toBeLessThan(strings.length * 0.9);
  });

  it("leaves long strings to the exact scan", () => {
    expect(formats.isUriTemplate(`{a}${"b".repeat(5000)}`)).toBe(true);
    expect(formats.isUriTemplate(`${"{a}".repeat(1500)}{`)).toBe(false);
  });
});
