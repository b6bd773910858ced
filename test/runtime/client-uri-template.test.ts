// The client's RFC 6570 expansion (what the catalog's resource-template stubs send): every example
// of RFC 6570 section 3.2 whose values are strings or lists, with the RFC's own variables, and a
// round trip through the server runtime's matcher (a second reading of the same RFC).
import { describe, expect, it } from "vitest";
import { expandUriTemplate } from "../../templates/runtime/client/uri-template.js";
import { parseUriTemplate } from "../../templates/runtime/server/uri-template.js";

/** RFC 6570 section 3.2.1 (the associative arrays `keys` and `empty_keys` aside). */
const RFC = {
  count: ["one", "two", "three"],
  dom: ["example", "com"],
  dub: "me/too",
  hello: "Hello World!",
  half: "50%",
  var: "value",
  who: "fred",
  base: "http://example.com/home/",
  path: "/foo/bar",
  list: ["red", "green", "blue"],
  v: "6",
  x: "1024",
  y: "768",
  empty: "",
  undef: undefined,
};

const EXAMPLES: Array<[string, string]> = [
  // 3.2.2 simple string expansion
  ["{var}", "value"], ["{hello}", "Hello%20World%21"], ["{half}", "50%25"], ["O{empty}X", "OX"], ["O{undef}X", "OX"], ["{x,y}", "1024,768"],
  ["{x,hello,y}", "1024,Hello%20World%21,768"], ["?{x,empty}", "?1024,"], ["?{x,undef}", "?1024"], ["?{undef,y}", "?768"], ["{var:3}", "val"],
  ["{var:30}", "value"], ["{list}", "red,green,blue"], ["{list*}", "red,green,blue"],
  // 3.2.3 reserved expansion
  ["{+var}", "value"], ["{+hello}", "Hello%20World!"], ["{+half}", "50%25"], ["{base}index", "http%3A%2F%2Fexample.com%2Fhome%2Findex"],
  ["{+base}index", "http://example.com/home/index"], ["O{+empty}X", "OX"], ["O{+undef}X", "OX"], ["{+path}/here", "/foo/bar/here"],
  ["here?ref={+path}", "here?ref=/foo/bar"], ["up{+path}{var}/here", "up/foo/barvalue/here"], ["{+x,hello,y}", "1024,Hello%20World!,768"],
  ["{+path,x}/here", "/foo/bar,1024/here"], ["{+path:6}/here", "/foo/b/here"], ["{+list}", "red,green,blue"], ["{+list*}", "red,green,blue"],
  // 3.2.4 fragment expansion
  ["{#var}", "#value"], ["{#hello}", "#Hello%20World!"], ["{#half}", "#50%25"], ["foo{#empty}", "foo#"], ["foo{#undef}", "foo"],
  ["{#x,hello,y}", "#1024,Hello%20World!,768"], ["{#path,x}/here", "#/foo/bar,1024/here"], ["{#path:6}/here", "#/foo/b/here"], ["{#list}", "#red,green,blue"], ["{#list*}", "#red,green,blue"],
  // 3.2.5 label expansion
  ["{.who}", ".fred"], ["{.who,who}", ".fred.fred"], ["{.half,who}", ".50%25.fred"], ["www{.dom*}", "www.example.com"], ["X{.var}", "X.value"],
  ["X{.empty}", "X."], ["X{.undef}", "X"], ["X{.var:3}", "X.val"], ["X{.list}", "X.red,green,blue"], ["X{.list*}", "X.red.green.blue"],
  // 3.2.6 path segment expansion
  ["{/who}", "/fred"], ["{/who,who}", "/fred/fred"], ["{/half,who}", "/50%25/fred"], ["{/who,dub}", "/fred/me%2Ftoo"], ["{/var}", "/value"],
  ["{/var,empty}", "/value/"], ["{/var,undef}", "/value"], ["{/var,x}/here", "/value/1024/here"], ["{/var:1,var}", "/v/value"], ["{/list}", "/red,green,blue"],
  ["{/list*}", "/red/green/blue"], ["{/list*,path:4}", "/red/green/blue/%2Ffoo"],
  // 3.2.7 path-style parameter expansion
  ["{;who}", ";who=fred"], ["{;half}", ";half=50%25"], ["{;empty}", ";empty"], ["{;v,empty,who}", ";v=6;empty;who=fred"], ["{;v,bar,who}", ";v=6;who=fred"],
  ["{;x,y}", ";x=1024;y=768"], ["{;x,y,empty}", ";x=1024;y=768;empty"], ["{;x,y,undef}", ";x=1024;y=768"], ["{;hello:5}", ";hello=Hello"],
  ["{;list}", ";list=red,green,blue"], ["{;list*}", ";list=red;list=green;list=blue"],
  // 3.2.8 form-style query expansion
  ["{?who}", "?who=fred"], ["{?half}", "?half=50%25"], ["{?x,y}", "?x=1024&y=768"], ["{?x,y,empty}", "?x=1024&y=768&empty="], ["{?x,y,undef}", "?x=1024&y=768"],
  ["{?var:3}", "?var=val"], ["{?list}", "?list=red,green,blue"], ["{?list*}", "?list=red&list=green&list=blue"],
  // 3.2.9 form-style query continuation
  ["{&who}", "&who=fred"], ["{&half}", "&half=50%25"], ["?fixed=yes{&x}", "?fixed=yes&x=1024"], ["{&x,y,empty}", "&x=1024&y=768&empty="],
  ["{&var:3}", "&var=val"], ["{&list}", "&list=red,green,blue"], ["{&list*}", "&list=red&list=green&list=blue"],
];

describe("expandUriTemplate", () => {
  it.each(EXAMPLES)("RFC 6570 3.2: %s → %s", (template, expected) => {
    expect(expandUriTemplate(template, RFC)).toBe(expected);
  });

  it("encodes UTF-8 and code points whole (a :n prefix never splits one)", () => {
    expect(expandUriTemplate("{x}", { x: "é€😀" })).toBe("%C3%A9%E2%82%AC%F0%9F%98%80");
    expect(expandUriTemplate("{x:1}", { x: "😀a" })).toBe("%F0%9F%98%80");
    expect(expandUriTemplate("{x}", { x: "a'b(c)*!" })).toBe("a%27b%28c%29%2A%21");
  });

  it.each([
    ["demo://resource/dynamic/text/{resourceId}", { resourceId: "a b%é" }],
    ["file:///{+path}", { path: "dir/a b.md" }],
    ["search://q{?term,page}", { term: "red & blue", page: "2" }],
    ["tree://root{/a,b}", { a: "x y", b: "z" }],
  ])("round trip through the server's matcher: %s", (template, values) => {
    expect(parseUriTemplate(template).match(expandUriTemplate(template, values))).toEqual(values);
  });
});
