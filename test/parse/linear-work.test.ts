import { SourceFile } from "ts-morph";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ObjectType } from "../../src/model/types.js";
import { lineLocator } from "../../src/parse/location.js";
import { fullType, fullTypeOf, parse, warningsOf } from "./helpers.js";

// The parser's work must grow linearly with the schema (bench/scale.mjs measures it). These
// tests pin the two structural causes of quadratic time, without timing anything.

afterEach(() => {
  vi.restoreAllMocks();
});

describe("locations come from a line table, not from a scan per node", () => {
  it("ts-morph's getLineAndColumnAtPos (which counts lines from the file's start) is never called", () => {
    const spy = vi.spyOn(SourceFile.prototype, "getLineAndColumnAtPos");
    const { model } = parse("interface A {\n  a: string;\n  /** @format x */\n  b: string;\n}\nexport const C = 1;");
    expect(model.declarations[0]!.location).toEqual({ file: "fixture.ts", line: 1, column: 1 });
    expect(spy).not.toHaveBeenCalled();
  });

  it("lines end at \\n, \\r\\n and a lone \\r; columns count UTF-16 units from 1", () => {
    const locate = lineLocator("ab\ncd\r\nef\rgh", "f");
    expect([0, 1, 3, 4, 5, 7, 10, 11].map((pos) => [locate(pos).line, locate(pos).column])).toEqual([
      [1, 1], [1, 2], [2, 1], [2, 2], [2, 3], [3, 1], [4, 1], [4, 2],
    ]);
    expect(lineLocator("", "f")(0)).toEqual({ file: "f", line: 1, column: 1 });
  });

  it("model locations and warnings are right in a CRLF file", () => {
    const text = "interface A {\r\n  a: string;\r\n  /** @format x */\r\n  b: string;\r\n}\r\n";
    expect((fullTypeOf(text, "A") as ObjectType).properties.map((p) => p.location)).toEqual([
      { file: "fixture.ts", line: 2, column: 3 },
      { file: "fixture.ts", line: 4, column: 3 },
    ]);
    expect(warningsOf(text)).toEqual([expect.stringMatching(/^3:7: @format x is not known/)]);
  });
});

describe("inherited properties are shared, not copied at every level", () => {
  const chain = Array.from({ length: 1000 }, (_, k) => (k ? `interface L${k} extends L${k - 1} { p${k}: string }` : "interface L0 { p0: string }")).join("\n");

  it("a 1,000-deep extends chain holds one object per property", () => {
    const { model } = parse(chain);
    const first = (name: string) => (fullType(model, name) as ObjectType).properties[0]!;
    expect(first("L1")).toMatchObject({ name: "p0", inheritedFrom: "L0" });
    expect(first("L999")).toBe(first("L1"));
    expect(first("L500")).toBe(first("L1"));
    const objects = new Set(model.declarations.flatMap((d) => (fullType(model, d.name) as ObjectType).properties));
    expect(objects.size).toBe(1000 + 999);
  });

  it("a property reached through two bases (a diamond) is the same object", () => {
    const text = "interface A { a: string }\ninterface B extends A { b?: string }\ninterface C extends A { c?: string }\ninterface D extends B, C {}";
    const { model } = parse(text);
    const [, b, , d] = model.declarations.map((x) => fullType(model, x.name) as ObjectType);
    expect(d!.properties.map((p) => p.name)).toEqual(["a", "b", "c"]);
    expect(d!.properties[0]).toBe(b!.properties[0]);
  });

  it("sharing does not change what the model says: a JSON round trip is equal", () => {
    const { model } = parse(chain.split("\n").slice(0, 100).join("\n"));
    expect(JSON.parse(JSON.stringify(model))).toEqual(model);
  });
});

describe("conversion order does not leak into the output", () => {
  it("a declaration converted after its later-declared base reports each warning once, in file order", () => {
    const text = "interface B extends A {\n  /** @format one */\n  b: string;\n}\ninterface A {\n  /** @format two */\n  a: string;\n}";
    expect(warningsOf(text)).toEqual([expect.stringMatching(/^2:7: @format one/), expect.stringMatching(/^6:7: @format two/)]);
    expect((fullTypeOf(text, "B") as ObjectType).properties.map((p) => p.name)).toEqual(["a", "b"]);
  });

  it("a conversion stopped halfway for a later declaration does not repeat the warnings of its first half", () => {
    const text = "interface B {\n  /** @format one */\n  b: string;\n  c: A & { x?: string };\n}\ninterface A { a: string }";
    expect(warningsOf(text)).toEqual([expect.stringMatching(/^2:7: @format one/)]);
    expect((fullTypeOf(text, "B") as ObjectType).properties.map((p) => p.name)).toEqual(["b", "c"]);
  });
});
