import { describe, expect, it } from "vitest";
import type { Change } from "../../src/diff/types.js";
import { diffTexts, edit, PROTOCOL } from "./fixtures.js";

// Issue 17's false alarms and missed warning, each on a fixture of our own, with a control that
// shows the rule is no blanket: the same edit without what makes it harmless is still reported.
// In PROTOCOL, clients send `things/get` (answered by servers with `GetThingResult`, which holds
// `Thing`); servers send `ask`.

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

const ENVELOPED = edit(`${PROTOCOL}${ENVELOPE}`, ["export interface AskRequest extends Request {", "export interface AskRequest extends JSONRPCRequest {"]);

/** `ask` travels inside a result (an input request), no longer as a JSON-RPC request of its own. */
const INPUT_REQUEST = `
export interface InputRequiredResult extends Result {
  inputRequests: { [key: string]: InputRequest };
}
export type InputRequest = AskRequest;
`;

const find = (changes: Change[], predicate: (c: Change) => boolean) => changes.filter(predicate);

describe("a message whose envelope goes with its move", () => {
  const moved = edit(
    `${ENVELOPED}${INPUT_REQUEST}`,
    ["export interface AskRequest extends JSONRPCRequest {", "export interface AskRequest {"],
    ["export type ServerRequest = PingRequest | AskRequest;", "export type ServerRequest = PingRequest;"],
    ["export type ServerResult = EmptyResult | GetThingResult;", "export type ServerResult = EmptyResult | GetThingResult | InputRequiredResult;"],
  );

  it("is one move entry that names the envelope, not `jsonrpc` and `id` removed", () => {
    const { changes } = diffTexts(ENVELOPED, moved);
    const [entry, ...others] = find(changes, (c) => c.kind === "message-moved");
    expect(others).toEqual([]);
    expect([entry!.group, entry!.before, entry!.after, entry!.breaking]).toEqual(["ask", "ServerRequest", "InputRequest", ["servers"]]);
    expect(entry!.summary).toMatch(/, without its envelope `JSONRPCRequest` \(`jsonrpc` and `id`\)$/);
    expect(find(changes, (c) => c.types.includes("AskRequest") && c.kind === "property-removed")).toEqual([]);
  });

  it("control: the envelope dropped without a move is two properties removed", () => {
    // (`extends Request` would keep it: the envelope declared apart, `JSONRPCRequest extends Request`.)
    const { changes } = diffTexts(ENVELOPED, edit(ENVELOPED, ["export interface AskRequest extends JSONRPCRequest {", "export interface AskRequest {"]));
    const removed = find(changes, (c) => c.kind === "property-removed").map((c) => [c.path, c.types, c.breaking]);
    expect(removed).toEqual([
      ["id", ["AskRequest"], ["clients"]],
      ["jsonrpc", ["AskRequest"], ["clients"]],
    ]);
  });
});

describe("an optional property folded into an index signature", () => {
  const base = edit(PROTOCOL, ["  settings?: object;", "  settings?: { theme?: string; layout: \"grid\"; legacy?: unknown };"]);
  const into = (index: string) => diffTexts(base, edit(base, ['  settings?: { theme?: string; layout: "grid"; legacy?: unknown };', `  settings?: { [key: string]: ${index} };`])).changes;

  it("into an open one: widened (receivers break), not removed; an optional `unknown` changes nothing", () => {
    const changes = into("unknown");
    const theme = find(changes, (c) => c.path === "settings.theme");
    expect(theme.map((c) => [c.kind, c.summary, c.before, c.after, c.breaking])).toEqual([
      ["property-type", "property `settings.theme` folded into the index signature, widened", "string", "unknown", ["clients"]],
    ]);
    expect(find(changes, (c) => c.path === "settings.legacy")).toEqual([]);
    // A required property is no longer guaranteed: removed, as before.
    expect(find(changes, (c) => c.path === "settings.layout").map((c) => c.kind)).toEqual(["property-removed"]);
  });

  it("into a typed one: compared with its values (the same: nothing; more: widened; fewer: narrowed)", () => {
    expect(find(into("string"), (c) => c.path === "settings.theme")).toEqual([]);
    const wider = find(into("string | boolean"), (c) => c.path === "settings.theme");
    expect(wider.map((c) => [c.kind, c.summary, c.breaking])).toEqual([["union-members", "property `settings.theme` folded into the index signature: type of `settings.theme`: added `boolean`", ["clients"]]]);
    const narrowed = find(into("number"), (c) => c.path === "settings.theme");
    expect(narrowed.map((c) => [c.kind, c.summary, c.breaking])).toEqual([["property-type", "property `settings.theme` folded into the index signature: type of `settings.theme` changed", ["clients", "servers"]]]);
  });

  it("control: into a shape without an index signature, it is removed", () => {
    const changes = diffTexts(base, edit(base, ['  settings?: { theme?: string; layout: "grid"; legacy?: unknown };', "  settings?: { layout: \"grid\" };"])).changes;
    expect(find(changes, (c) => c.path.startsWith("settings.")).map((c) => [c.kind, c.path])).toEqual([
      ["property-removed", "settings.legacy"],
      ["property-removed", "settings.theme"],
    ]);
  });
});

describe("a request that may now be answered by another kind of result", () => {
  const inputRequired = `${PROTOCOL}${ENVELOPE}
export interface InputRequiredResult extends Result {
  inputRequests?: { [key: string]: object };
}
export interface GetThingResultResponse {
  jsonrpc: "2.0";
  id: RequestId;
  result: GetThingResult | InputRequiredResult;
}
`;

  it("breaks the request's senders, who receive the result (clients)", () => {
    const { changes, methods } = diffTexts(`${PROTOCOL}${ENVELOPE}`, inputRequired);
    const entry = find(changes, (c) => c.group === "things/get" && c.kind === "union-members");
    expect(entry.map((c) => [c.level, c.types, c.path, c.summary, c.breaking])).toEqual([
      ["wire", ["GetThingResultResponse"], "result", "result of `things/get`: added `InputRequiredResult`", ["clients"]],
    ]);
    expect(methods.find((m) => m.method === "things/get")).toEqual({ method: "things/get", kind: "request", directions: { clients: "changed" }, breaking: ["clients"] });
  });

  it("control: a response declaration whose result is the old one changes nothing on the wire", () => {
    const same = edit(inputRequired, ["  result: GetThingResult | InputRequiredResult;", "  result: GetThingResult;"]);
    const { changes } = diffTexts(`${PROTOCOL}${ENVELOPE}`, same);
    expect(find(changes, (c) => c.level === "wire" && c.group === "things/get")).toEqual([]);
  });
});

describe("a required property added to the base result", () => {
  const base = `${PROTOCOL}${ENVELOPE}`;
  const changes = diffTexts(
    base,
    edit(base, ["export interface Result {\n  _meta?: { [key: string]: unknown };", 'export interface Result {\n  _meta?: { [key: string]: unknown };\n  resultType: "complete" | "incomplete";'], ["  answer: string;", "  answer: string;\n  answeredAt: string;"]),
  ).changes;

  it("still breaks hand-written senders, and says that mcp-gen's dispatchers fill it in", () => {
    const [entry, ...others] = find(changes, (c) => c.path === "resultType");
    expect(others).toEqual([]);
    expect([entry!.kind, entry!.group, entry!.breaking]).toEqual(["property-added", "Result", ["clients", "servers"]]);
    expect(entry!.reason).toBe("required: senders must now include it; the dispatchers mcp-gen generates fill it in for handlers that leave it out");
  });

  it("control: a required property of one result is the senders' to add", () => {
    const [entry] = find(changes, (c) => c.path === "answeredAt");
    expect(entry!.reason).toBe("required: senders must now include it");
  });
});
