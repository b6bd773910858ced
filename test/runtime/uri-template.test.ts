// URI-template matching (issue 32 item 4): the same matches as the regular expression a template
// stands for (V8's RegExp is the oracle, on inputs short enough for it), in work linear in the URI.
import { beforeAll, describe, expect, it } from "vitest";

type UriTemplateModule = typeof import("../../templates/runtime/server/uri-template.js");
let rt: UriTemplateModule;
beforeAll(async () => {
  rt = await import("../../templates/runtime/server/uri-template.js");
});

/** A deterministic generator (mulberry32), so a failure names its seed. */
function random(seed: number): (n: number) => number {
  let state = seed >>> 0;
  return (n) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) % n);
  };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The oracle: RFC 6570 levels 1-3 read backwards as one RegExp (a group per variable, then the query). */
function oracle(template: string): RegExp {
  let source = "";
  let query = false;
  for (const [, literal, body] of template.matchAll(/([^{]*)(?:\{([^}]*)\})?/g)) {
    source += escape(literal ?? "");
    if (body === undefined) continue;
    const operator = /^[+#./;?&]/.test(body) ? body[0]! : "";
    const names = body.slice(operator.length).split(",");
    const each = (piece: (name: string) => string, separator = "") => names.map(piece).join(separator);
    if (operator === "?" || operator === "&") query = true;
    else if (operator === "") source += each(() => "([^/?#,]+)", ",");
    else if (operator === "+") source += each(() => "([^?#]+?)", ",");
    else if (operator === "#") source += `(?:#${each(() => "([^,]*?)", ",")})?`;
    else if (operator === ".") source += each(() => "(?:\\.([^/?#.]*))?");
    else if (operator === "/") source += each(() => "(?:/([^/?#]*))?");
    else source += each((name) => `(;${escape(name)}(?:=[^;/?#]*)?)?`);
  }
  return new RegExp(`^${source}${query ? "(?:[?&]([^#]*))?" : ""}$`);
}

const EXPRESSIONS = ["{a}", "{a,b}", "{+a}", "{+a,b}", "{#a}", "{#a,b}", "{.a}", "{.a,b}", "{/a}", "{/a,b}", "{;a}", "{;a,b}"];
const LITERALS = ["", "x", "/", ".", ",", "-", "//", "=", ";"];
const PIECES = ["a", "b", "c", "x", "-", "%41", "%2F", "/", "?", "#", ",", ".", ";", "=", "&"];

/** A template of one to three expressions between literals, sometimes with a query; each variable named once. */
function randomTemplate(pick: (n: number) => number): string {
  let template = "s:";
  const count = 1 + pick(3);
  for (let i = 0; i < count; i++) template += LITERALS[pick(LITERALS.length)]! + EXPRESSIONS[pick(EXPRESSIONS.length)]!.replace("a", `v${i}`).replace("b", `w${i}`);
  if (pick(2)) template += LITERALS[pick(LITERALS.length)]!;
  if (pick(3) === 0) template += ["{?q}", "{?q,r}", "{&q}"][pick(3)]!;
  return template;
}

/** RFC 6570's expansion of one expression with random values (reserved characters included), or none at all. */
function expand(body: string, some: () => string, pick: (n: number) => number): string {
  const operator = /^[+#./;?&]/.test(body) ? body[0]! : "";
  const names = body.slice(operator.length).split(",");
  if (operator !== "" && operator !== "+" && pick(4) === 0) return "";
  const values = names.map((name) => (operator === ";" || operator === "?" || operator === "&" ? `${name}=${some()}` : some()));
  const first = { "": "", "+": "", "#": "#", ".": ".", "/": "/", ";": ";", "?": "?", "&": "&" }[operator]!;
  const separator = { "": ",", "+": ",", "#": ",", ".": ".", "/": "/", ";": ";", "?": "&", "&": "&" }[operator]!;
  return first + values.join(separator);
}

/** A URI: the template expanded with random values, or random pieces after the scheme. */
function randomUri(template: string, pick: (n: number) => number): string {
  const some = () => Array.from({ length: pick(4) }, () => PIECES[pick(PIECES.length)]!).join("");
  return pick(5) === 0 ? `s:${some()}${some()}` : template.replace(/\{([^}]*)\}/g, (_, body: string) => expand(body, some, pick));
}

describe("matching a URI against a template (issue 32 item 4)", () => {
  it("captures what the template's RegExp captures, for every operator (80 000 random pairs)", () => {
    let matched = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const pick = random(seed);
      for (let t = 0; t < 100; t++) {
        const template = randomTemplate(pick);
        const [pattern, regex] = [rt.templatePattern(template), oracle(template)];
        for (let u = 0; u < 20; u++) {
          const uri = randomUri(template, pick);
          const expected = regex.exec(uri)?.slice(1);
          if (expected) matched++;
          expect(pattern.run(uri).groups, `seed ${seed}: ${template} on ${uri}`).toEqual(expected);
        }
      }
    }
    expect(matched).toBeGreaterThan(20_000); // many pairs match, so captures are compared, not only refusals
  });

  it("keeps the regular expression's choices where a reserved value could end in several places", () => {
    const match = (template: string, uri: string) => rt.parseUriTemplate(template).match(uri);
    expect(match("github://{+owner}/{+repo}", "github://a/b/c")).toEqual({ owner: "a", repo: "b/c" });
    expect(match("x://{+a}/{b}", "x://p/q/r")).toEqual({ a: "p/q", b: "r" });
    expect(match("x://{a}{b}", "x://abc")).toEqual({ a: "ab", b: "c" });
    expect(match("x://{+a}{#f}", "x://p/q#frag")).toEqual({ a: "p/q", f: "frag" });
    expect(match("x://{id}{?q,r}", "x://7?r=2&q=1&q=3")).toEqual({ id: "7", q: "1", r: "2" });
    expect(match("x://{+a}/{+b}", "x://" + "/".repeat(50) + "#")).toBeUndefined();
  });

  it("does work linear in the URI on the templates RegExp backtracks on: twice the URI, at most twice the steps", () => {
    const hostile: Array<[string, (n: number) => string]> = [
      ["github://{+owner}/{+repo}", (n) => `github://${"/".repeat(n)}#`],
      ["x://{+a}/{+b}/{+c}", (n) => `x://${"/".repeat(n)}#`],
      ["x://{a}{b}", (n) => `x://${"a".repeat(n)}/`],
      ["x://{+a},{+b},{+c}{#f}", (n) => `x://${",".repeat(n)}?`],
      ["x://{a}.{+b}{/c,d}{;e}{?q}", (n) => `x://${"a.".repeat(n / 2)}#`],
    ];
    for (const [template, uri] of hostile) {
      const pattern = rt.templatePattern(template);
      const [small, large] = [pattern.run(uri(4000)), pattern.run(uri(8000))];
      expect(large.groups, template).toBeUndefined();
      expect(large.steps, template).toBeLessThanOrEqual(pattern.size * (uri(8000).length + 1));
      expect(large.steps / small.steps, template).toBeLessThan(2.05);
    }
  });

  it("refuses a URI over MAX_URI_LENGTH with -32602 and matches one at the bound", () => {
    const template = rt.parseUriTemplate("files://{+path}");
    const at = `files://${"a".repeat(rt.MAX_URI_LENGTH - "files://".length)}`;
    expect(template.match(at)?.["path"]).toHaveLength(rt.MAX_URI_LENGTH - "files://".length);
    expect(() => template.match(`${at}a`)).toThrow(expect.objectContaining({ code: -32602, data: { length: rt.MAX_URI_LENGTH + 1, maxLength: rt.MAX_URI_LENGTH } }));
  });
});
