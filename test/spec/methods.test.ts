import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { analyze } from "../../src/model/analyze.js";
import { parseSchema } from "../../src/parse/index.js";
import { loadGenerated } from "../helpers/generated.js";
import { REVISIONS, REVISIONS_WITH_EXAMPLES, SPEC_ROOT } from "../helpers/spec.js";

interface Example {
  type: string;
  file: string;
  value: any;
}

function examplesOf(revision: string): Example[] {
  const root = join(SPEC_ROOT, revision, "examples");
  return readdirSync(root).flatMap((type) =>
    readdirSync(join(root, type)).map((file) => ({ type, file, value: JSON.parse(readFileSync(join(root, type, file), "utf8")) })),
  );
}

function modelOf(revision: string) {
  const file = join(SPEC_ROOT, revision, "schema.ts");
  return parseSchema({ text: readFileSync(file, "utf8"), fileName: file, revision }).model;
}

type Entry = { kind: string; sender: readonly string[]; request?: z.ZodType; notification?: z.ZodType; params: z.ZodType; result?: z.ZodType };

describe.each(REVISIONS_WITH_EXAMPLES)("the METHODS table of %s against the spec's examples", (revision) => {
  const surface = analyze(modelOf(revision)).surface;
  const messageTypes = new Map([...surface.requests, ...surface.notifications].flatMap((f) => f.messages.map((m) => [m, f.method] as const)));

  it("every request and notification example validates under METHODS[its method], and its params under .params", async () => {
    const { METHODS, methodEntry } = (await loadGenerated(revision)) as { METHODS: Record<string, Entry>; methodEntry: (m: string) => Entry | undefined };
    const examples = examplesOf(revision).filter((e) => messageTypes.has(e.type));
    expect(examples.length).toBeGreaterThan(20);
    const failures: string[] = [];
    for (const { type, file, value } of examples) {
      const entry = methodEntry(value.method);
      if (!entry || value.method !== messageTypes.get(type)) {
        failures.push(`${type}/${file}: method ${value.method} not in METHODS as ${type}'s`);
        continue;
      }
      const schema = entry.kind === "request" ? entry.request! : entry.notification!;
      if (!schema.safeParse(value).success) failures.push(`${type}/${file}: rejected by METHODS["${value.method}"].${entry.kind}`);
      if (value.params !== undefined && !entry.params.safeParse(value.params).success) failures.push(`${type}/${file}: params rejected`);
      expect(METHODS[value.method]).toBe(entry);
    }
    expect(failures).toEqual([]);
  });

  it("every …ResultResponse example's result validates under its method's result schema, and a wrong result does not", async () => {
    const { methodEntry } = (await loadGenerated(revision)) as { methodEntry: (m: string) => Entry | undefined };
    const responses = surface.requests.filter((f) => f.result?.kind === "response");
    expect(responses.length).toBeGreaterThan(5);
    let checked = 0;
    for (const fact of responses) {
      const root = join(SPEC_ROOT, revision, "examples", fact.result!.name);
      if (!existsSync(root)) continue;
      for (const file of readdirSync(root)) {
        const { result } = JSON.parse(readFileSync(join(root, file), "utf8"));
        const schema = methodEntry(fact.method)!.result!;
        expect(schema.safeParse(result).success, `${fact.result!.name}/${file}`).toBe(true);
        expect(schema.safeParse({ ...result, resultType: 42 }).success, `${fact.result!.name}/${file} with a bad resultType`).toBe(false);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(5);
  });

  it("looks methods up as own keys only", async () => {
    const { methodEntry } = (await loadGenerated(revision)) as { methodEntry: (m: string) => unknown };
    for (const name of ["constructor", "__proto__", "toString", "hasOwnProperty"]) expect(methodEntry(name), name).toBeUndefined();
  });
});

describe.each(REVISIONS)("the METHODS table of %s matches its message unions", (revision) => {
  it("has one entry per method of the revision's request and notification unions, with the right kind and senders", async () => {
    const surface = analyze(modelOf(revision)).surface;
    const { METHODS } = (await loadGenerated(revision)) as { METHODS: Record<string, Entry> };
    const expected = [...surface.requests.map((f) => [f.method, "request", f.senders] as const), ...surface.notifications.map((f) => [f.method, "notification", f.senders] as const)];
    expect(Object.keys(METHODS).sort()).toEqual([...new Set(expected.map(([m]) => m))].sort());
    for (const [method, kind, senders] of expected) {
      if (METHODS[method]!.kind !== kind) continue; // a method that is both keeps its request entry
      expect([...METHODS[method]!.sender], method).toEqual(senders);
    }
  });
});

const errorRevision = REVISIONS_WITH_EXAMPLES.includes("2026-07-28") ? "2026-07-28" : REVISIONS_WITH_EXAMPLES[0]!;

describe(`McpError on the error examples of ${errorRevision}`, () => {
  type McpErrorClass = {
    fromResponse(r: unknown): { code: number; message: string; data: unknown; invalidData?: { issues: string[] }; toResponse(id?: number): unknown };
  };

  it("fromResponse gives the code, message and validated data of every error example", async () => {
    const generated = (await loadGenerated(errorRevision)) as { McpError: McpErrorClass; isMcpError: (e: unknown, c?: number) => boolean };
    const errors = examplesOf(errorRevision).filter((e) => /Error$/.test(e.type));
    expect(errors.length).toBeGreaterThanOrEqual(7);
    for (const { type, file, value } of errors) {
      // Error objects (ParseError…) are wrapped in a response; error responses are used as they are.
      const response = "error" in value ? value : { jsonrpc: "2.0", id: 7, error: value };
      const error = generated.McpError.fromResponse(response);
      expect(error.code, `${type}/${file}`).toBe(response.error.code);
      expect(error.message).toBe(response.error.message);
      expect(error.data).toEqual(response.error.data);
      expect(error.invalidData).toBeUndefined();
      expect(generated.isMcpError(error, response.error.code)).toBe(true);
      expect(error.toResponse(7)).toEqual({ ...response, id: 7 });
    }
  });

  it("a -32022 response with malformed data is reported, not trusted", async () => {
    const { McpError, isMcpError, ErrorCode } = (await loadGenerated(errorRevision)) as { McpError: McpErrorClass; isMcpError: (e: unknown, c?: number) => boolean; ErrorCode: Record<string, number> };
    const code = ErrorCode.UNSUPPORTED_PROTOCOL_VERSION!;
    const error = McpError.fromResponse({ jsonrpc: "2.0", id: 1, error: { code, message: "Unsupported", data: { supported: "2026-07-28" } } });
    expect(error.code).toBe(code);
    expect(error.data).toBeUndefined();
    expect(error.invalidData?.issues.join("\n")).toMatch(/supported/);
    expect(isMcpError(error)).toBe(true);
    expect(isMcpError(error, code)).toBe(false);
    expect(() => McpError.fromResponse({ jsonrpc: "2.0", id: 1, result: {} })).toThrow(/not a JSON-RPC error response/);
  });

  it("ErrorCode holds every error-code constant of the schema under its own name", async () => {
    const { ErrorCode } = (await loadGenerated(errorRevision)) as { ErrorCode: Record<string, number> };
    const surface = analyze(modelOf(errorRevision)).surface;
    expect(ErrorCode).toEqual(Object.fromEntries(surface.errors.codes.map((c) => [c.name, c.value])));
    expect(ErrorCode.METHOD_NOT_FOUND).toBe(-32601);
  });
});
