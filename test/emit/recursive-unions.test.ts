import { beforeAll, describe, expect, it } from "vitest";
import { fastVerdict, generateFromText, zodVerdict, type Fixture } from "../helpers/fixture.js";

// Hardening: a tagged union with a member from a reference cycle, used from outside the cycle.
// The exported schema of a recursive type is depth-guarded (a pipe from z.unknown()), which has
// no readable tag: z.discriminatedUnion threw "Invalid discriminated union option" on every
// parse. Such unions are plain z.union; the fast validators dispatch on the tag either way.

const SCHEMA = `
export interface TextContent { type: "text"; text: string }
export interface GroupContent { type: "group"; children: ContentBlock[] }
export type ContentBlock = TextContent | GroupContent;
export type SamplingContent = TextContent | GroupContent;
export interface SamplingMessage { content: SamplingContent }

/** Variants: through aliases, in arrays and optional keys, with an inline member. */
export type TextAlias = TextContent;
export type GroupAlias = GroupContent;
export type Aliased = TextAlias | GroupAlias;
export interface Conversation {
  messages: SamplingContent[];
  pinned?: SamplingContent;
  mixed: { type: "note"; note: string } | GroupContent;
  aliased?: Aliased;
}

/** A tagged union that is itself inside the cycle, entered from outside it. */
export interface Leaf { kind: "leaf"; value: number }
export interface Branch { kind: "branch"; left: TreeNode; right: TreeNode }
export type TreeNode = Leaf | Branch;
export interface Tree { root: TreeNode }

/** A recursive alias whose own union is tagged (inline object plus a plain reference). */
export type Chain = { type: "link"; next?: Chain } | TextContent;
export interface ChainHolder { chain: Chain }
`;

const text = { type: "text", text: "hi" };
const group = (children: unknown[]) => ({ type: "group", children });

function nestedGroups(levels: number): unknown {
  let node: unknown = text;
  for (let i = 0; i < levels; i++) node = group([node]);
  return node;
}

function chain(links: number): unknown {
  let node: unknown = { type: "link" };
  for (let i = 1; i < links; i++) node = { type: "link", next: node };
  return node;
}

/** [type, label, value, valid] */
const CASES: Array<[string, string, unknown, boolean]> = [
  ["SamplingMessage", "the reproduction: a text member", { content: text }, true],
  ["SamplingMessage", "a group member with children", { content: group([text, group([])]) }, true],
  ["SamplingMessage", "an unknown tag", { content: { type: "image", data: "x" } }, false],
  ["SamplingMessage", "a group with a bad child", { content: group([{ type: "text" }]) }, false],
  ["SamplingMessage", "text tag with group fields", { content: { type: "text", children: [] } }, false],
  ["SamplingMessage", "groups 100 deep", { content: nestedGroups(100) }, true],
  ["SamplingMessage", "groups 300 deep (past the depth guard)", { content: nestedGroups(300) }, false],
  ["SamplingContent", "the union itself, text", text, true],
  ["Conversation", "arrays, optional and inline members", { messages: [text, group([text])], pinned: group([]), mixed: { type: "note", note: "n" }, aliased: text }, true],
  ["Conversation", "inline member with the group tag", { messages: [], mixed: group([text]) }, true],
  ["Conversation", "inline member invalid", { messages: [], mixed: { type: "note", note: 1 } }, false],
  ["Conversation", "aliased group", { messages: [], mixed: group([]), aliased: group([text]) }, true],
  ["Conversation", "aliased unknown tag", { messages: [], mixed: group([]), aliased: { type: "other" } }, false],
  ["Tree", "a leaf", { root: { kind: "leaf", value: 1 } }, true],
  ["Tree", "branches", { root: { kind: "branch", left: { kind: "leaf", value: 1 }, right: { kind: "branch", left: { kind: "leaf", value: 2 }, right: { kind: "leaf", value: 3 } } } }, true],
  ["Tree", "a bad leaf deep down", { root: { kind: "branch", left: { kind: "leaf", value: 1 }, right: { kind: "leaf", value: 1.5 } } }, false],
  ["TreeNode", "the cycle's own union", { kind: "leaf", value: 0 }, true],
  ["ChainHolder", "a chain of links", { chain: chain(20) }, true],
  ["ChainHolder", "a text member", { chain: text }, true],
  ["ChainHolder", "a bad link", { chain: { type: "link", next: { type: "nope" } } }, false],
];

let fixture: Fixture;

beforeAll(async () => {
  fixture = await generateFromText("recursive-unions", SCHEMA);
});

describe("tagged unions with a recursive member (hardening item 4)", () => {
  it("the reproduction: SamplingMessageSchema.safeParse({content: {type: 'text', text: 'hi'}}) succeeds", () => {
    const schema = fixture.module.SamplingMessageSchema as { safeParse(value: unknown): { success: boolean } };
    expect(schema.safeParse({ content: { type: "text", text: "hi" } }).success).toBe(true);
  });

  it.each(CASES)("%s: %s", (type, label, value, valid) => {
    expect(zodVerdict(fixture.module, type, value), `${type}Schema, ${label}`).toBe(valid);
    expect(fastVerdict(fixture.module, type, value), `is${type}, ${label}`).toBe(valid);
  });
});
