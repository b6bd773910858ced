import type { PinnedError, Surface } from "../model/surface.js";
import { schemaName } from "./common.js";
import type { Emitter } from "./contract.js";
import { withImports } from "./render.js";
import { hasShape, type SchemaIndex } from "./methods.js";
import { fastExports } from "./validators.js";

export interface ErrorsView {
  codes: Array<{ name: string; value: number }>;
  dataMap: Array<{ code: number; doc: string; type: string }>;
  pinned: Array<{ code: number; schemas: string[] }>;
  guards: Array<{ name: string; type: string; typeLink: string; schema: string }>;
  response: { type: string; jsonrpc: string };
}

/** The data type a pinned error declares: `T.X["data"]` or `T.X["error"]["data"]`. */
function dataType(pin: PinnedError): string {
  if (!pin.hasData) return "undefined";
  return pin.kind === "object" ? `T.${pin.name}["data"]` : `T.${pin.name}["error"]["data"]`;
}

/** The schema of a pinned error's error object, when it can be reached (`.shape.error`). */
function errorObjectSchema(index: SchemaIndex, pin: PinnedError): string | undefined {
  const schema = `S.${schemaName(pin.name)}`;
  if (pin.kind === "object") return schema;
  return hasShape(index, pin.name) ? `${schema}.shape.error` : undefined;
}

/**
 * What errors.ts is made of: the error-code constants, the data type per code (from the
 * declarations that pin a code: an error object with `code: typeof X`, or an error response
 * whose `error` does), the schemas that validate a received error's data, and a guard per
 * error type.
 */
export function errorsView(index: SchemaIndex, surface: Surface): ErrorsView {
  const { codes, pinned, response } = surface.errors;
  const names = new Map(codes.map((c) => [c.value, c.name]));
  const byCode = new Map<number, PinnedError[]>();
  for (const pin of pinned) byCode.set(pin.code, [...(byCode.get(pin.code) ?? []), pin]);
  const allCodes = [...new Set([...codes.map((c) => c.value), ...byCode.keys()])];
  const dataMap = allCodes.map((code) => {
    const pins = byCode.get(code) ?? [];
    const label = names.get(code) ? `\`${names.get(code)}\`` : `code ${code}`;
    const doc = pins.length ? `${label}: data as ${pins.map((p) => `{@link T.${p.name}}`).join(", ")} declare${pins.length === 1 ? "s" : ""} it.` : `${label}: the schema says nothing about its data.`;
    return { code, doc, type: pins.length ? [...new Set(pins.map(dataType))].join(" | ") : "unknown" };
  });
  const schemas = [...byCode].flatMap(([code, pins]) => {
    const found = pins.flatMap((pin) => errorObjectSchema(index, pin) ?? []);
    return found.length ? [{ code, schemas: found }] : [];
  });
  const guardTypes = [...pinned.map((p) => p.name), ...(response ? [response.name] : [])];
  return {
    codes,
    dataMap,
    pinned: schemas,
    guards: [...new Set(guardTypes)].map((name) => ({ name: fastExports(name).guard, type: `T.${name}`, typeLink: `{@link T.${name}}`, schema: `S.${schemaName(name)}` })),
    response: response
      ? { type: `T.${response.name}`, jsonrpc: JSON.stringify(response.jsonrpc ?? "2.0") }
      : { type: "{ jsonrpc: string; id?: string | number; error: rt.ErrorObject }", jsonrpc: JSON.stringify("2.0") },
  };
}

/** errors.ts: the error codes, each code's data type, and a guard per error type. */
export const emitErrors: Emitter = (facts, { render, runtimeImport }) => {
  const view = errorsView(facts, facts.surface);
  return [{ path: "errors.ts", content: withImports((data) => render("errors.ts", data), view, `${runtimeImport}/shared/errors.js`) }];
};
