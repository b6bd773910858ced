import { expect } from "vitest";
import { GeneratorError } from "../../src/errors.js";
import { parseSchema, type ParseResult } from "../../src/parse/index.js";
import type { Declaration, ObjectType, Property, TypeNode } from "../../src/model/types.js";

export const FILE = "fixture.ts";

export function parse(text: string): ParseResult {
  return parseSchema({ text, fileName: FILE, revision: null });
}

/** The GeneratorError parsing `text` throws, formatted as the CLI prints it (`file:line:col: message`). */
export function parseError(text: string): string {
  let error: unknown;
  try {
    parse(text);
  } catch (e) {
    error = e;
  }
  expect(error, "parsing should fail with a GeneratorError").toBeInstanceOf(GeneratorError);
  return (error as GeneratorError).format();
}

/** Warnings as `line:col: message`. */
export function warningsOf(text: string): string[] {
  return parse(text).warnings.map((w) => `${w.location.line}:${w.location.column}: ${w.message}`);
}

export function declarationOf(text: string, name: string): Declaration {
  const found = parse(text).model.declarations.find((d) => d.name === name);
  if (!found) throw new Error(`no declaration ${name}`);
  return found;
}

export function propertyOf(declaration: Declaration, name: string): Property {
  const found = (declaration.type as ObjectType).properties.find((p) => p.name === name);
  if (!found) throw new Error(`no property ${name} in ${declaration.name}`);
  return found;
}

export function propertyType(text: string, declaration: string, property: string): TypeNode {
  return propertyOf(declarationOf(text, declaration), property).type;
}
