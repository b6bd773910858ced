import { describe, expect, it } from "vitest";
import { GeneratorError } from "../../src/errors.js";
import { recursiveDeclarations, referenceEdges, referencesOf } from "../../src/model/graph.js";
import { linkableExtensions, linkedInterfaces } from "../../src/model/links.js";
import { propertyBehind } from "../../src/model/properties.js";
import { typeOf } from "../../src/model/shapes.js";
import type { Declaration, ObjectType, SchemaModel } from "../../src/model/types.js";
import { parseSchema } from "../../src/parse/index.js";

// The model keeps an interface's own members only; whoever needs its full shape builds it with
// `typeOf` (model/shapes.ts). The passes that must stay linear on deep chains answer from own
// members and bases instead: reference edges, property lookups, links. Each shortcut is held
// here to the answer the full shape gives, on random inheritance graphs the parser accepted.

function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const NAMES = ["a", "b", "c", "d", "_meta"];

type Members = Map<string, { type: string; optional: boolean }>;

/**
 * A random schema: interfaces extending earlier declarations (one or two bases, Omit), object
 * aliases, overrides, references and index signatures. It tracks each declaration's members so
 * that most schemas are valid TypeScript (an override keeps or narrows the inherited type;
 * two bases never disagree on a member).
 */
function randomSchema(seed: number, size: number): string {
  const next = random(seed);
  const pick = <T>(items: T[]): T => items[Math.floor(next() * items.length)]!;
  const lines: string[] = [];
  const members = new Map<string, Members>();
  const typeText = () => (members.size && next() < 0.4 ? `${pick([...members.keys()])}${next() < 0.3 ? "[]" : ""}` : pick(["string", "number", "boolean", '"x"', "unknown"]));
  // An override may narrow: any type replaces `unknown`, a literal replaces `string`.
  const narrowed = (type: string) => (type === "unknown" && next() < 0.7 ? typeText() : type === "string" && next() < 0.5 ? '"x"' : type);
  for (let i = 0; i < size; i++) {
    const name = `D${i}`;
    const bases = members.size && next() < 0.8 ? chooseBases(pick, next, members) : [];
    const inherited: Members = new Map(bases.flatMap((b) => [...members.get(b.name)!].filter(([key]) => key !== b.omit)));
    const own: Members = new Map();
    for (const key of NAMES.filter(() => next() < 0.35)) {
      const before = inherited.get(key);
      own.set(key, before ? { type: narrowed(before.type), optional: before.optional && next() < 0.5 } : { type: typeText(), optional: next() < 0.5 });
    }
    const body = [...own].map(([key, m]) => `${key}${m.optional ? "?" : ""}: ${m.type};`);
    if (next() < 0.1) body.push("[key: string]: unknown;");
    const heritage = bases.map((b) => (b.omit ? `Omit<${b.name}, "${b.omit}">` : b.name));
    if (!bases.length && next() < 0.5) lines.push(`export type ${name} = { ${body.join(" ")} };`);
    else lines.push(`export interface ${name}${heritage.length ? ` extends ${heritage.join(", ")}` : ""} { ${body.join(" ")} }`);
    members.set(name, new Map([...inherited, ...own]));
  }
  return lines.join("\n");
}

/** One base, or two that agree on their shared members; an Omit names a member the base has. */
function chooseBases(pick: <T>(items: T[]) => T, next: () => number, members: Map<string, Members>): Array<{ name: string; omit?: string }> {
  const first = pick([...members.keys()]);
  const chosen: Array<{ name: string; omit?: string }> = [{ name: first }];
  const second = next() < 0.3 ? pick([...members.keys()]) : undefined;
  const agree = (a: Members, b: Members) => [...a].every(([key, m]) => !b.has(key) || (b.get(key)!.type === m.type && b.get(key)!.optional === m.optional));
  if (second && second !== first && agree(members.get(first)!, members.get(second)!)) chosen.push({ name: second });
  for (const base of chosen) {
    const keys = [...members.get(base.name)!.keys()];
    if (keys.length && next() < 0.25) base.omit = pick(keys);
  }
  return chosen;
}

/** Models of the random schemas the parser accepts (many are refused: clashing bases, a missing Omit key, …). */
function acceptedModels(count: number, size: number): SchemaModel[] {
  const models: SchemaModel[] = [];
  for (let seed = 1; models.length < count && seed < count * 20; seed++) {
    try {
      models.push(parseSchema({ text: randomSchema(seed, size), fileName: "random.ts", revision: null }).model);
    } catch (error) {
      if (!(error instanceof GeneratorError)) throw error;
    }
  }
  return models;
}

const byNameOf = (model: SchemaModel) => new Map<string, Declaration>(model.declarations.map((d) => [d.name, d]));

describe("shortcuts agree with the full shapes", () => {
  const models = acceptedModels(150, 14);

  it("enough random schemas are accepted, with inheritance in them", () => {
    expect(models.length).toBe(150);
    const extended = models.flatMap((m) => m.declarations).filter((d) => d.kind === "interface" && d.heritage.length);
    expect(extended.length).toBeGreaterThan(1000);
    expect(extended.filter((d) => d.kind === "interface" && d.heritage.some((h) => h.omit)).length).toBeGreaterThan(200);
    expect(extended.filter((d) => d.kind === "interface" && d.heritage.length > 1).length).toBeGreaterThan(100);
  });

  it("reference edges are the references of each full shape, in first-seen order", () => {
    for (const model of models) {
      const byName = byNameOf(model);
      const edges = referenceEdges(model.declarations);
      for (const d of model.declarations) expect(edges.get(d.name), d.name).toEqual(referencesOf(typeOf(d, byName)));
    }
  });

  it("propertyBehind gives the full shape's type and optionality for every name", () => {
    let found = 0;
    for (const model of models) {
      const byName = byNameOf(model);
      for (const d of model.declarations) {
        const shape = typeOf(d, byName) as ObjectType;
        for (const name of NAMES) {
          const expected = shape.properties.find((p) => p.name === name);
          const actual = propertyBehind({ kind: "ref", name: d.name }, name, byName);
          expect(actual && { type: actual.type, optional: actual.optional }, `${d.name}.${name}`).toEqual(expected && { type: expected.type, optional: expected.optional });
          if (expected) found++;
        }
      }
    }
    expect(found).toBeGreaterThan(4000);
  });

  it("a linkable extension's full shape is its bases' (less omitted keys, overrides in place), then its new own properties", () => {
    let linkable = 0;
    let changed = 0;
    for (const model of models) {
      const byName = byNameOf(model);
      const shape = (name: string) => typeOf(byName.get(name)!, byName) as ObjectType;
      for (const [name, link] of linkableExtensions(model.declarations, recursiveDeclarations(model.declarations))) {
        const inherited = link.bases.flatMap((b) => shape(b.name).properties.map((p) => p.name).filter((key) => !b.omit.includes(key)));
        const expected = [...new Set([...inherited, ...link.own.map((p) => p.name)])];
        expect(shape(name).properties.map((p) => p.name), name).toEqual(expected);
        for (const property of link.own) expect(shape(name).properties.find((p) => p.name === property.name)?.type, `${name}.${property.name}`).toEqual(property.type);
        // What a base leaves out is exactly what the interface omits from it or declares again.
        for (const base of link.bases) {
          const own = new Set(link.own.map((p) => p.name));
          expect(base.replaced, `${name} ← ${base.name}`).toEqual(shape(base.name).properties.map((p) => p.name).filter((key) => own.has(key) && !base.omit.includes(key)).sort((a, b) => link.own.findIndex((p) => p.name === a) - link.own.findIndex((p) => p.name === b)));
        }
        expect(shape(name).indexSignature, name).toBeUndefined();
        linkable++;
        if (link.bases.some((b) => b.omit.length || b.replaced.length)) changed++;
      }
    }
    expect(linkable).toBeGreaterThan(300);
    expect(changed).toBeGreaterThan(100);
  });
});

describe("a deep extends chain stays linear in the model", () => {
  const chain = (depth: number) => Array.from({ length: depth }, (_, k) => (k ? `export interface L${k} extends L${k - 1} { p${k}: string }` : "export interface L0 { p0: string }")).join("\n");

  it("the model holds each property once: its JSON grows with the depth, not its square", () => {
    const size = (depth: number) => JSON.stringify(parseSchema({ text: chain(depth), fileName: "chain.ts", revision: null }).model).length;
    const [small, large] = [size(500), size(2000)];
    // 4× the depth: about 4× the JSON (the old flattened model grew 16×, 200 MB at 1,000 deep).
    expect(large / small).toBeLessThan(4.5);
    expect(large).toBeLessThan(2_000_000);
  });

  it("every level past LINK_DEPTH links to its base; the full shape is still there on demand", () => {
    const { model } = parseSchema({ text: chain(2000), fileName: "chain.ts", revision: null });
    const links = linkedInterfaces(model.declarations, new Set());
    expect(links.size).toBe(2000 - 9);
    expect(links.get("L1999")).toEqual({ bases: [{ name: "L1998", omit: [], replaced: [] }], own: [expect.objectContaining({ name: "p1999" })] });
    const byName = byNameOf(model);
    expect((typeOf(byName.get("L1999")!, byName) as ObjectType).properties).toHaveLength(2000);
    expect(propertyBehind({ kind: "ref", name: "L1999" }, "p0", byName)).toMatchObject({ name: "p0", type: { kind: "string" } });
  });
});
