import type { SourceFile } from "ts-morph";
import { Node } from "./morph.js";
import type { Declaration } from "../model/types.js";
import { fail, knows, PendingDeclaration, type ParseContext } from "./context.js";
import { convertAlias, convertInterface } from "./declarations.js";
import { lineLocator } from "./location.js";

export function createContext(fileName: string, sourceFile: SourceFile, core: readonly Declaration[] = [], bareNumber: ParseContext["bareNumber"] = "integer"): ParseContext {
  const text = sourceFile.getFullText();
  const ctx: ParseContext = {
    fileName,
    sourceFile,
    text,
    locateAt: lineLocator(text, fileName),
    sources: new Map(),
    constants: new Map(),
    converted: new Map(core.map((d) => [d.name, d])),
    core: new Set(core.map((d) => d.name)),
    bareNumber,
    imported: new Map(),
    converting: new Set(),
    claimedDocs: new Set(),
    warnings: [],
    declaration(name, from) {
      const done = ctx.converted.get(name);
      if (done) return done;
      if (!knows(ctx, name)) fail(ctx, from, `\`${name}\` is not a declaration of this schema`);
      if (ctx.converting.has(name)) fail(ctx, from, `\`${name}\` inherits from itself`);
      throw new PendingDeclaration(name);
    },
  };
  return ctx;
}

/**
 * Converts every declaration, in source order. A declaration that needs the flattened shape
 * of one not yet converted (a base, an intersected or omitted type) stops with a
 * {@link PendingDeclaration}; the needed one goes on an explicit stack, is converted first,
 * and the stopped one is retried (its warnings from the stopped attempt are dropped). The
 * stack replaces recursion, so a 3,000-deep `extends` chain declared in reverse order
 * converts without growing the call stack.
 */
export function convertAll(ctx: ParseContext): Declaration[] {
  for (const name of ctx.sources.keys()) convertWithBases(ctx, name);
  return [...ctx.sources.keys()].map((name) => ctx.converted.get(name)!);
}

function convertWithBases(ctx: ParseContext, root: string): void {
  const stack = [root];
  while (stack.length) {
    const name = stack[stack.length - 1]!;
    if (ctx.converted.has(name)) {
      stack.pop();
      continue;
    }
    ctx.converting.add(name);
    const mark = ctx.warnings.length;
    try {
      const declaration = convertSource(ctx, name);
      ctx.converted.set(name, declaration);
      ctx.converting.delete(name);
      stack.pop();
      const next = aliasTarget(ctx, declaration);
      if (next) stack.push(next);
    } catch (error) {
      if (!(error instanceof PendingDeclaration)) throw error;
      ctx.warnings.length = mark;
      stack.push(error.name);
    }
  }
}

function convertSource(ctx: ParseContext, name: string): Declaration {
  const source = ctx.sources.get(name)!;
  return Node.isInterfaceDeclaration(source) ? convertInterface(ctx, source) : convertAlias(ctx, source);
}

/**
 * `type A = B`: B's shape is what a declaration waiting for A needs next, so B is converted
 * right away (a long alias chain then costs one retry in all, not one per link). Left to the
 * normal path when B is under way: that is a cycle, reported where it is reached.
 */
function aliasTarget(ctx: ParseContext, declaration: Declaration): string | undefined {
  if (declaration.kind !== "alias" || declaration.type.kind !== "ref") return undefined;
  const target = declaration.type.name;
  return ctx.sources.has(target) && !ctx.converted.has(target) && !ctx.converting.has(target) ? target : undefined;
}
