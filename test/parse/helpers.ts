import { expect } from "vitest";
import { GeneratorError } from "../../src/errors.js";
import { parseSchema, type ParseResult } from "../../src/parse/index.js";
import { typeOf } from "../../src/model/shapes.js";
import type { Declaration, ObjectType, Property, SchemaModel, TypeNode } from "../../src/model/types.js";

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

/** A declaration's full type, as the emitters see it: an interface's inherited members included. */
export function fullType(model: SchemaModel, name: string): TypeNode {
  const byName = new Map(model.declarations.map((d) => [d.name, d]));
  const found = byName.get(name);
  if (!found) throw new Error(`no declaration ${name}`);
  return typeOf(found, byName);
}

export function fullTypeOf(text: string, name: string): TypeNode {
  return fullType(parse(text).model, name);
}

export function propertyOf(model: SchemaModel, declaration: string, name: string): Property {
  const found = (fullType(model, declaration) as ObjectType).properties.find((p) => p.name === name);
  if (!found) throw new Error(`no property ${name} in ${declaration}`);
  return found;
}

export function propertyType(text: string, declaration: string, property: string): TypeNode {
  return propertyOf(parse(text).model, declaration, property).type;
}
