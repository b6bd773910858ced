import { readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { generatedDir, REVISIONS } from "../helpers/spec.js";

// The same check written twice in a schema (each request's inline `_meta`, the `params` of a
// METHODS entry beside its request's own, an annotations' `audience` array) is one private
// function of validators.ts: equal bodies are one helper, equal constants one constant, equal key
// lists one cache. Checked on every revision of the spec: no two private functions of the
// generated validators.ts read alike, once their own name and the name of the key cache they fill
// are set aside (the generator before helpers were shared wrote 50 such copies for 2024-11-05, 46
// for 2025-11-25 and 27 for 2026-07-28).

/**
 * Each private top-level function's text, its own name and its key cache's name replaced; not the
 * validator `X$` of a declaration X (each type keeps one of its own, named after it, which `isX`
 * calls, even where two types read alike).
 */
function privateFunctionTexts(file: string): Map<string, string> {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.ES2022, true);
  const functions = source.statements.filter((s): s is ts.FunctionDeclaration & { name: ts.Identifier } => ts.isFunctionDeclaration(s) && s.name !== undefined);
  const exported = (f: ts.FunctionDeclaration) => f.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword) ?? false;
  const ownValidators = new Set(functions.filter((f) => exported(f) && f.name.text.startsWith("is")).map((f) => `${f.name.text.slice(2)}$`));
  const texts = new Map<string, string>();
  for (const statement of functions) {
    if (exported(statement) || ownValidators.has(statement.name.text)) continue;
    const name = statement.name.text;
    const own = new RegExp(`(?<![\\w$])${name.replace(/\$/g, "\\$")}(?![\\w$])`, "g");
    const text = statement.getText(source).replace(own, "SELF").replace(/\(\s*[\w$]+\s*\?\?=/g, "(KEYS ??=");
    texts.set(name, text);
  }
  return texts;
}

describe.each(REVISIONS)("%s: validators.ts writes each check once", (revision) => {
  it("has no two private functions with the same body", () => {
    const texts = privateFunctionTexts(join(generatedDir(revision), "validators.ts"));
    expect(texts.size).toBeGreaterThan(20);
    const first = new Map<string, string>();
    const copies: string[] = [];
    for (const [name, text] of texts) {
      const earlier = first.get(text);
      if (earlier === undefined) first.set(text, name);
      else copies.push(`${name} = ${earlier}`);
    }
    expect(copies).toEqual([]);
  });

  it("declares each module constant and key cache for one value", () => {
    const text = readFileSync(join(generatedDir(revision), "validators.ts"), "utf8");
    const values = [...text.matchAll(/^const [\w$]+ = (.+);$/gm)].map((m) => m[1]!);
    expect(new Set(values).size).toBe(values.length);
    const caches = [...text.matchAll(/\(\s*([\w$]+) \?\?= (rt\.exactKeys\([^)]*\))/g)];
    const cacheOf = new Map<string, Set<string>>();
    for (const [, name, made] of caches) cacheOf.set(made!.replace(/\s+/g, " "), (cacheOf.get(made!.replace(/\s+/g, " ")) ?? new Set()).add(name!));
    expect(caches.length).toBeGreaterThan(0);
    expect([...cacheOf].filter(([, names]) => names.size > 1)).toEqual([]);
  });
});
