import { describe, expect, it } from "vitest";
import type { Change } from "../../src/diff/types.js";
import { diffTexts, edit, PROTOCOL } from "./fixtures.js";

/**
 * Wire equivalence: each pair differs only in how the declarations are arranged, so the diff
 * must find no wire change (type-level notes at most). Then one real wire change is injected on
 * top of the refactored side, and the diff must report exactly that change, on the right side.
 * In PROTOCOL, clients send `things/get` and `AskResult`; servers send `ask`, `GetThingResult`
 * (and so `Thing`, `Widget`, the blocks) and `notifications/changed`.
 */
interface WirePair {
  name: string;
  /** The older side (PROTOCOL unless given). */
  base?: string;
  refactor: (text: string) => string;
  /** Wire changes the refactoring may bring that break nobody (e.g. optional properties declared). */
  additive?: Array<Pick<Change, "kind" | "path">>;
  inject: (text: string) => string;
  expected: Pick<Change, "kind" | "path" | "breaking"> & { types?: string[] };
}

const JSON_TYPES = `
export type JSONValue = string | number | boolean | null | JSONObject | JSONArray;
export type JSONObject = { [key: string]: JSONValue };
export type JSONArray = JSONValue[];
export type MetaObject = Record<string, unknown>;
`;

const ENVELOPE = `
export type RequestId = string | number;
export interface JSONRPCRequest extends Request {
  jsonrpc: "2.0";
  id: RequestId;
}
export interface JSONRPCNotification extends Notification {
  jsonrpc: "2.0";
}
export interface JSONRPCResponse {
  jsonrpc: "2.0";
  id: RequestId;
  result: Result;
}
export type JSONRPCMessage = JSONRPCRequest | JSONRPCNotification | JSONRPCResponse;
`;

const pairs: WirePair[] = [
  {
    name: "extends restructured: an intermediate base between Result and GetThingResult",
    refactor: (t) => edit(t, ["export interface GetThingResult extends Result {\n  thing: Thing;", "export interface ThingResult extends Result {\n  thing: Thing;\n}\nexport interface GetThingResult extends ThingResult {"]),
    inject: (t) => edit(t, ["  size?: number;\n  mode", "  size: number;\n  mode"]),
    expected: { kind: "property-optionality", path: "size", breaking: ["servers"] },
  },
  {
    name: "a property moved from a base interface into every subtype",
    refactor: (t) => edit(t, ["export interface Described {\n  description?: string;\n}", "export interface Described {}"], ["  name: string;\n  size", "  description?: string;\n  name: string;\n  size"], ["  label: string;", "  description?: string;\n  label: string;"]),
    inject: (t) => edit(t, ["  description?: string;\n  label: string;", "  description: string;\n  label: string;"]),
    expected: { kind: "property-optionality", path: "description", breaking: ["servers"], types: ["Widget"] },
  },
  {
    name: "a property moved from every subtype into a new base interface",
    refactor: (t) => edit(t, ["export interface AskResult extends Result {\n  answer: string;\n}", "export interface Answered extends Result {\n  answer: string;\n}\nexport interface AskResult extends Answered {}"]),
    inject: (t) => edit(t, ["export interface Answered extends Result {\n  answer: string;", "export interface Answered extends Result {\n  answer?: string;"]),
    expected: { kind: "property-optionality", path: "answer", breaking: ["servers"] },
  },
  {
    name: "an alias renamed",
    refactor: (t) => edit(t, ['export type Mode = "a" | "b";', 'export type Kind = "a" | "b";'], ["  mode: Mode;", "  mode: Kind;"]),
    inject: (t) => edit(t, ['export type Kind = "a" | "b";', 'export type Kind = "a" | "b" | "c";']),
    expected: { kind: "property-values", path: "mode", breaking: ["clients"] },
  },
  {
    name: "an inline shape named",
    refactor: (t) => edit(t, ["  params: { id: string; verbose?: boolean };", "  params: GetThingParams;\n}\nexport interface GetThingParams {\n  id: string;\n  verbose?: boolean;"]),
    inject: (t) => edit(t, ["  id: string;\n  verbose?: boolean;", "  id: string;"]),
    expected: { kind: "property-removed", path: "params.verbose", breaking: ["servers"] },
  },
  {
    name: "params split into a …Params type extending a common RequestParams",
    refactor: (t) =>
      edit(t, ["  params: { id: string; verbose?: boolean };", "  params: GetThingRequestParams;\n}\nexport interface RequestParams {}\nexport interface GetThingRequestParams extends RequestParams {\n  id: string;\n  verbose?: boolean;"]),
    inject: (t) => edit(t, ["export interface RequestParams {}", "export interface RequestParams {\n  token: string;\n}"]),
    expected: { kind: "property-added", path: "params.token", breaking: ["clients"] },
  },
  {
    name: "a union written through a named alias",
    refactor: (t) => edit(t, ["  content: TextBlock | ImageBlock;", "  content: Block;"], ["export interface TextBlock {", "export type Block = TextBlock | ImageBlock;\nexport interface TextBlock {"]),
    inject: (t) => edit(t, ["export type Block = TextBlock | ImageBlock;", "export type Block = TextBlock | ImageBlock | AudioBlock;\nexport interface AudioBlock {\n  type: \"audio\";\n  data: string;\n}"]),
    expected: { kind: "union-members", path: "content", breaking: ["clients"] },
  },
  {
    name: "an interface turned into a type alias of the same object",
    refactor: (t) => edit(t, ["export interface Widget extends Described {\n  label: string;\n}", "export type Widget = Described & {\n  label: string;\n};"]),
    inject: (t) => edit(t, ["export type Widget = Described & {\n  label: string;\n};", "export type Widget = Described & {\n  label: string;\n  count: number;\n};"]),
    expected: { kind: "property-added", path: "count", breaking: ["servers"] },
  },
  {
    name: "object and Record spelled through JSONObject and MetaObject",
    refactor: (t) => edit(`${t}${JSON_TYPES}`, ["  settings?: object;", "  settings?: JSONObject;"], ["  _meta?: { [key: string]: unknown };\n}\nexport interface Widget", "  _meta?: MetaObject;\n}\nexport interface Widget"]),
    inject: (t) => edit(t, ["  size?: number;", "  /** @TJS-type number */\n  size?: number;"]),
    expected: { kind: "property-type", path: "size", breaking: ["clients"] },
  },
  {
    name: "messages moved into their JSON-RPC envelope (extends Request → extends JSONRPCRequest)",
    base: `${PROTOCOL}${ENVELOPE}`,
    refactor: (t) =>
      edit(
        t,
        ["export interface PingRequest extends Request {", "export interface PingRequest extends JSONRPCRequest {"],
        ["export interface AskRequest extends Request {", "export interface AskRequest extends JSONRPCRequest {"],
        ["export interface GetThingRequest extends Request {", "export interface GetThingRequest extends JSONRPCRequest {"],
        ["export interface CancelledNotification extends Notification {", "export interface CancelledNotification extends JSONRPCNotification {"],
        ["export interface ChangedNotification extends Notification {", "export interface ChangedNotification extends JSONRPCNotification {"],
      ),
    inject: (t) => edit(t, ['  method: "ask";\n  params: { question: string };', '  method: "ask";\n  params: { question: string; urgent: boolean };']),
    expected: { kind: "property-added", path: "params.urgent", breaking: ["servers"] },
  },
  {
    name: "a declaration renamed everywhere it is used",
    refactor: (t) => edit(t, ["  thing: Thing;", "  thing: Item;"], ["export interface Thing extends Described {", "export interface Item extends Described {"]),
    // Renamed and changed at once is no rename: the change shows where the type is used.
    inject: (t) => edit(t, ["  tags?: string[];", ""]),
    expected: { kind: "property-removed", path: "thing.tags", breaking: ["clients"], types: ["GetThingResult"] },
  },
  {
    name: "a literal added to a union that already admits any string",
    refactor: (t) => edit(t, ['  status: "ok" | "failed" | string;', '  status: "ok" | "failed" | "pending" | string;']),
    inject: (t) => edit(t, ['  status: "ok" | "failed" | "pending" | string;', '  status: "ok" | "failed" | "pending";']),
    expected: { kind: "union-members", path: "status", breaking: ["servers"] },
  },
  {
    name: "object widened to an object with only optional properties",
    refactor: (t) => edit(t, ["  capabilities?: object;", "  capabilities?: { tools?: object; prompts?: { listChanged?: boolean } };"]),
    additive: [
      { kind: "property-added", path: "capabilities.prompts" },
      { kind: "property-added", path: "capabilities.tools" },
    ],
    inject: (t) => edit(t, ["  capabilities?: { tools?: object;", "  capabilities?: { tools: object;"]),
    expected: { kind: "property-added", path: "capabilities.tools", breaking: ["servers"] },
  },
];

const wire = (changes: Change[]) => changes.filter((c) => c.level === "wire");

describe("diff: refactorings that keep every message the same are not wire changes", () => {
  it.each(pairs.map((p) => [p.name, p] as const))("%s", (_name, pair) => {
    const base = pair.base ?? PROTOCOL;
    const refactored = pair.refactor(base);
    expect(refactored).not.toBe(base);
    const report = diffTexts(base, refactored);
    expect(report.changes.filter((c) => c.breaking.length)).toEqual([]);
    expect(wire(report.changes).map((c) => ({ kind: c.kind, path: c.path }))).toEqual(pair.additive ?? []);
    expect(report.summary.total).toBe(report.summary.breakingChanges + report.summary.additive + report.summary.typeLevel);
  });
});

describe("diff: a real wire change injected on top of a refactoring is classified in the right direction", () => {
  it.each(pairs.map((p) => [p.name, p] as const))("%s", (_name, pair) => {
    const base = pair.base ?? PROTOCOL;
    const report = diffTexts(base, pair.inject(pair.refactor(base)));
    const additive = new Set((pair.additive ?? []).map((c) => `${c.kind} ${c.path}`));
    const found = wire(report.changes).filter((c) => c.breaking.length || !additive.has(`${c.kind} ${c.path}`));
    expect(found.map((c) => ({ kind: c.kind, path: c.path, breaking: c.breaking, ...(pair.expected.types ? { types: c.types } : {}) }))).toEqual([pair.expected]);
  });
});

describe("diff: renames and type-level notes", () => {
  it("a declaration renamed with the same shape is one type-renamed note, and nothing else on the wire", () => {
    const report = diffTexts(PROTOCOL, pairs.find((p) => p.name.startsWith("a declaration renamed"))!.refactor(PROTOCOL));
    expect(report.changes.map((c) => [c.kind, c.level, c.types])).toEqual([["type-renamed", "type", ["Thing", "Item"]]]);
    expect(report.summary).toMatchObject({ total: 1, typeLevel: 1, renames: 1, breakingChanges: 0, additive: 0 });
  });

  it("a property moved into subtypes is a type-level note on the base only", () => {
    const report = diffTexts(PROTOCOL, pairs[1]!.refactor(PROTOCOL));
    expect(report.changes.map((c) => [c.kind, c.level, c.group, c.types])).toEqual([["property-removed", "type", "Described", ["Described"]]]);
  });

  it("object respelled as JSONObject is a type-level note, MetaObject for the same structure is nothing", () => {
    const report = diffTexts(PROTOCOL, pairs.find((p) => p.name.startsWith("object and Record"))!.refactor(PROTOCOL));
    const notes = report.changes.filter((c) => c.kind === "property-type");
    expect(notes.map((c) => [c.path, c.before, c.after, c.level, c.breaking])).toEqual([["settings", "object", "JSONObject", "type", []]]);
  });
});
