import type { Doc, TypeNode } from "../model/types.js";
import { blockComment } from "./escape.js";

/** A generated file: a path relative to the output directory and its (unformatted) text. */
export interface OutputFile {
  path: string;
  content: string;
  /** A `.ts` file's JavaScript and declarations (`.d.ts`), when its emitter made them: transpiling then has nothing to do. */
  javascript?: string;
  declarations?: string;
}

/** What every emitter gets besides the model. */
export interface EmitOptions {
  generatorVersion: string;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** A property key as TypeScript source: bare when it is an identifier, quoted otherwise. */
export function propertyKey(name: string): string {
  return IDENTIFIER.test(name) ? name : JSON.stringify(name);
}

/** The validator's name for a declaration (the naming contract: `X` → `XSchema`). */
export function schemaName(declarationName: string): string {
  return `${declarationName}Schema`;
}

/** Constraint tags worth showing on hover, read back from a type node. */
export function constraintTags(type: TypeNode): string[] {
  const nodes = type.kind === "union" ? type.members : [type];
  const tags: string[] = [];
  for (const node of nodes) {
    if (node.kind === "string") {
      if (node.format) tags.push(`@format ${node.format}`);
      if (node.minLength !== undefined) tags.push(`@minLength ${node.minLength}`);
      if (node.maxLength !== undefined) tags.push(`@maxLength ${node.maxLength}`);
      if (node.pattern !== undefined) tags.push(`@pattern ${node.pattern}`);
    } else if (node.kind === "number") {
      if (node.minimum !== undefined) tags.push(`@minimum ${node.minimum}`);
      if (node.maximum !== undefined) tags.push(`@maximum ${node.maximum}`);
    } else if (node.kind === "array") {
      if (node.minItems !== undefined) tags.push(`@minItems ${node.minItems}`);
      if (node.maxItems !== undefined) tags.push(`@maxItems ${node.maxItems}`);
    }
  }
  return [...new Set(tags)];
}

/**
 * A JSDoc block for the doc and extra tag lines, or "" when there is nothing to say. The schema's
 * `@internal` is not carried over: generated declarations are public API, and `stripInternal`
 * would remove them from a library's declarations.
 */
export function jsDoc(doc: Doc, extraTags: string[] = []): string {
  const lines: string[] = [];
  if (doc.text) lines.push(...doc.text.split(/\r\n|[\n\r\u2028\u2029]/));
  const tags = [
    ...extraTags,
    ...(doc.see ?? []).map((see) => `@see ${see}`),
    ...(doc.deprecated !== undefined ? [`@deprecated${doc.deprecated ? ` ${doc.deprecated}` : ""}`] : []),
  ];
  if (lines.length && tags.length) lines.push("");
  for (const tag of tags) lines.push(...tag.split("\n"));
  if (!lines.length) return "";
  const escape = blockComment;
  if (lines.length === 1) return `/** ${escape(lines[0]!)} */\n`;
  const body = lines.map((line) => ` *${line ? ` ${escape(line)}` : ""}`).join("\n");
  return `/**\n${body}\n */\n`;
}
