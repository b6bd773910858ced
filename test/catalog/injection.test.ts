// Issue 32 item 1: what a server sends (its serverInfo, every string of tools/list, prompts/list,
// resources/list and resources/templates/list) reaches generated code only inside comments and
// string literals. A fuzz over those fields with line terminators, comment and template
// delimiters, quotes and controls: importing the stubs runs nothing, type-checking them passes,
// and every generated file has the syntax tree of the same catalog with plain strings (so nothing
// was declared beyond the stubs).
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { GENERATED_JS_ROOT, scratchDir } from "../helpers/spec.js";
import { STRICTEST, compile } from "../helpers/tsc.js";

const OUT = scratchDir("catalog-injection");

/** Pieces hostile strings are drawn from: each would end or open a context if it went in raw. */
const PIECES = ["\n", "\r", "\r\n", "\u2028", "\u2029", "\u0085", "*/", "/*", "/**", "//", "${", "}", "`", '"', "'", "\\", "\\u2028", "<!--", "-->", "\u0000", "\u0007", "\u001b[2J", "\u009b", "\u007f", "@type {x}", ";globalThis.__mcpPwned = 1;", "export declare const PWNED: 1;", "export const PWNED = 1;", "a", " "];

function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => ((state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

/**
 * A catalog in which every server-controlled string is `text(prefix)`: the prefix keeps names
 * distinct (so the hostile and the plain catalog have the same shape); the rest is the fuzz.
 */
function catalogOf(text: (prefix: string) => string): object {
  const schema = (p: string) => ({
    type: "object",
    title: text(`${p}T`),
    description: text(`${p}D`),
    properties: {
      [text(`${p}k`)]: { type: "string", description: text(`${p}kd`), title: text(`${p}kt`), default: text(`${p}kf`), examples: [text(`${p}ke`)] },
      [`${p}e`]: { enum: [text(`${p}v1`), text(`${p}v2`)], description: text(`${p}ed`) },
      [`${p}c`]: { const: text(`${p}cv`) },
    },
    required: [`${p}c`],
  });
  return {
    mcpGenCatalog: 1,
    server: { name: text("sn"), version: text("sv"), title: text("st"), description: text("sd"), websiteUrl: text("sw") },
    protocolVersion: "2025-11-25",
    revision: "2025-11-25",
    tools: [0, 1].map((i) => ({
      name: text(`t${i}x`),
      title: text(`t${i}t`),
      description: text(`t${i}d`),
      annotations: { title: text(`t${i}at`), readOnlyHint: true, [text(`t${i}ak`)]: text(`t${i}av`) },
      inputSchema: schema(`t${i}i`),
      outputSchema: schema(`t${i}o`),
    })),
    prompts: [0, 1].map((i) => ({ name: text(`p${i}x`), title: text(`p${i}t`), description: text(`p${i}d`), arguments: [{ name: text(`p${i}a`), description: text(`p${i}ad`), required: true }] })),
    resources: [...[0].map((i) => ({ uri: text(`r${i}u`), name: text(`r${i}n`), title: text(`r${i}t`), description: text(`r${i}d`), mimeType: text(`r${i}m`) })), ...moreResources(text)],
    // The literal part of a template without braces: with them, the hostile template would have other variables than the plain one.
    resourceTemplates: [...[0].map((i) => ({ uriTemplate: `${text(`u${i}`).replace(/[{}]/g, "")}{v${i}}`, name: text(`u${i}n`), title: text(`u${i}t`), description: text(`u${i}d`), mimeType: text(`u${i}m`) })), ...moreTemplates(text)],
  };
}

/**
 * More resources and templates, now that they get stubs (each string becomes a method's JSDoc, a
 * string literal, a MIME type in a result type): every field resources/list and
 * resources/templates/list carry, a resource without a MIME type, a template with a query.
 */
const extras = (text: (prefix: string) => string, p: string) => ({
  annotations: { audience: ["user"], priority: 0.5, lastModified: text(`${p}al`) },
  icons: [{ src: text(`${p}is`), mimeType: text(`${p}im`), sizes: [text(`${p}iz`)] }],
  _meta: { [text(`${p}mk`)]: text(`${p}mv`) },
});

const moreResources = (text: (prefix: string) => string) => [
  { uri: text("r1u"), name: text("r1n"), title: text("r1t"), description: text("r1d"), mimeType: text("r1m"), size: 3, ...extras(text, "r1") },
  { uri: text("r2u"), name: text("r2n"), description: text("r2d"), ...extras(text, "r2") },
];

const moreTemplates = (text: (prefix: string) => string) => [
  { uriTemplate: `${text("u1").replace(/[{}]/g, "")}{/v1}{?q1,q2}`, name: text("u1n"), title: text("u1t"), description: text("u1d"), ...extras(text, "u1") },
];

function hostileText(seed: number): (prefix: string) => string {
  const next = random(seed);
  return (prefix) => {
    let text = prefix;
    const count = 1 + Math.floor(next() * 8);
    for (let i = 0; i < count; i++) text += PIECES[Math.floor(next() * PIECES.length)];
    return text;
  };
}

async function generate(name: string, catalog: object): Promise<string> {
  const dir = join(OUT, name);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, "input.json");
  writeFileSync(file, JSON.stringify(catalog, null, 2));
  const out = join(dir, "out");
  const result = await runCli(["catalog", "--from", file, "--protocol", GENERATED_JS_ROOT, "--out", out, "--quiet"]);
  expect(result.stderr).toBe("");
  expect(result.code).toBe(0);
  return out;
}

/** A file's syntax tree as node kinds, names and literals all one kind: what code it holds, not which strings. */
function shape(file: string): string {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, false, file.endsWith(".d.ts") ? ts.ScriptKind.TS : ts.ScriptKind.JS);
  const atoms = new Set([ts.SyntaxKind.Identifier, ts.SyntaxKind.StringLiteral, ts.SyntaxKind.NumericLiteral, ts.SyntaxKind.NoSubstitutionTemplateLiteral, ts.SyntaxKind.PrivateIdentifier]);
  const kinds: string[] = [];
  const visit = (node: ts.Node): void => {
    // `o.key` and `o["a key"]` are one access whatever the key: which is written depends on the name.
    const literalAccess = ts.isElementAccessExpression(node) && ts.isStringLiteral(node.argumentExpression);
    kinds.push(atoms.has(node.kind) ? "atom" : literalAccess ? "PropertyAccessExpression" : ts.SyntaxKind[node.kind]!);
    ts.forEachChild(node, visit);
  };
  visit(source);
  const parseErrors = (source as unknown as { parseDiagnostics: ts.Diagnostic[] }).parseDiagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
  return [...parseErrors, ...kinds].join(" ");
}

/** Where two shapes part, with some context (undefined when they are equal). */
function firstDifference(a: string, b: string): string | undefined {
  if (a === b) return undefined;
  let i = 0;
  while (a[i] === b[i]) i++;
  return `at ${i}: …${a.slice(Math.max(0, i - 200), i + 200)}… instead of …${b.slice(Math.max(0, i - 200), i + 200)}…`;
}

const generatedFiles = (out: string) => readdirSync(out).filter((f) => /\.(js|d\.ts)$/.test(f)).sort();

describe("a hostile server's strings in the catalog: comments and string literals only", () => {
  it.each([1, 2, 3, 4, 5, 6])("fuzz seed %i: importing runs nothing, the declarations type-check, the code is the plain catalog's", async (seed) => {
    const hostile = await generate(`hostile-${seed}`, catalogOf(hostileText(seed)));
    const plain = await generate(`plain-${seed}`, catalogOf((prefix) => prefix));
    expect(generatedFiles(hostile)).toEqual(generatedFiles(plain));
    for (const file of generatedFiles(plain)) expect(firstDifference(shape(join(hostile, file)), shape(join(plain, file))), file).toBeUndefined();
    const global = globalThis as { __mcpPwned?: unknown };
    delete global.__mcpPwned;
    const stubs = (await import(pathToFileURL(join(hostile, "index.js")).href)) as Record<string, unknown>;
    const plainStubs = (await import(pathToFileURL(join(plain, "index.js")).href)) as Record<string, unknown>;
    expect(global.__mcpPwned).toBeUndefined();
    expect(Object.keys(stubs).length).toBe(Object.keys(plainStubs).length);
    expect(compile(join(OUT, `tsc-${seed}`), STRICTEST, [join(hostile, "*.d.ts")]).diagnostics()).toEqual([]);
  });
});
