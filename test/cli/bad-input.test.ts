import { cpSync, existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { runCli, snapshot } from "../helpers/cli.js";
import { SPEC_ROOT, generatedDir, scratchDir } from "../helpers/spec.js";

const revision = "2026-07-28";

/** An output folder from a previous good run, plus a file of the user's own. */
function existingOutput(): string {
  const out = scratchDir("bad-input-out");
  cpSync(generatedDir(revision), out, { recursive: true });
  writeFileSync(join(out, "my-notes.md"), "mine, not mcp-gen's\n");
  return out;
}

function schemaFile(name: string, text: string): string {
  const file = join(scratchDir("bad-input-schema"), name, "schema.ts");
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  return file;
}

const CASES: Array<{ name: string; args: (out: string) => string[]; message: RegExp }> = [
  {
    name: "a syntax error",
    args: (out) => ["--schema", schemaFile("syntax", "export interface A {\n  a: string;\n  b: = number;\n}\n"), "--out", out],
    message: /schema\.ts:3:6: syntax error: Type expected/,
  },
  {
    name: "an untranslatable construct (conditional type)",
    args: (out) => ["--schema", schemaFile("conditional", "export interface A { a: string }\nexport type B = A extends { a: string } ? string : number;\n"), "--out", out],
    message: /schema\.ts:2:17: unsupported type construct \(conditional type\): `A extends \{ a: string \} \? string : number`/,
  },
  {
    name: "an untranslatable type inside a property",
    args: (out) => ["--schema", schemaFile("mapped", "export interface A {\n  a: { [K in \"x\" | \"y\"]: string };\n}\n"), "--out", out],
    message: /schema\.ts:2:6: unsupported type construct \(mapped type\)/,
  },
  {
    name: "a generic declaration",
    args: (out) => ["--schema", schemaFile("generic", "export interface Box<T> {\n  value: T;\n}\n"), "--out", out],
    message: /schema\.ts:1:1: unsupported generic interface `Box`/,
  },
  {
    name: "a reference to an undeclared type",
    args: (out) => ["--schema", schemaFile("undeclared", "export interface A {\n  b: Missing;\n}\n"), "--out", out],
    message: /schema\.ts:2:6: unsupported type reference `Missing`/,
  },
  {
    name: "an unknown revision",
    args: (out) => ["--revision", "1999-01-01", "--spec-root", SPEC_ROOT, "--out", out],
    // The mirror holds the pinned revisions: one list, not the same one twice.
    message: /unknown revision "1999-01-01": .*1999-01-01\/schema\.ts does not exist\. Revisions under [^:]*: 2024-11-05, [^:]*\. Pass --spec-root/,
  },
];

describe("bad input: a clear message with its location, exit 2, output untouched", () => {
  beforeAll(() => {
    expect(existsSync(join(generatedDir(revision), "index.ts"))).toBe(true);
  });

  it.each(CASES)("$name", async ({ args, message }) => {
    const out = existingOutput();
    const before = snapshot(out);
    const result = await runCli(args(out));
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).not.toMatch(/\n\s+at /); // a message, not a stack trace
    expect(snapshot(out)).toEqual(before);
    expect(readdirSync(dirname(out)).filter((n) => n.startsWith(".mcp-gen-tmp"))).toEqual([]);
  });

  it("a bad schema among several revisions writes none of them", async () => {
    const out = scratchDir("bad-input-multi");
    const bad = schemaFile("multi", "export type X = Y<;\n");
    const result = await runCli(["--revision", revision, "--spec-root", SPEC_ROOT, "--schema", bad, "--out", out]);
    expect(result.code).toBe(2);
    expect(existsSync(out)).toBe(false);
  });

  it("usage errors exit 2 too", async () => {
    const result = await runCli(["--revision", revision]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--out/);
  });
});
