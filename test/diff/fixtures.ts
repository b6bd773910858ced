// A small protocol of our own (not a spec file): two parties, requests both ways, results,
// notifications, a base interface, an alias, an inline shape, a union of tagged blocks. The
// wire-equivalence tests refactor it without changing any message, then inject one real change.
import { parseSchema } from "../../src/parse/index.js";
import { diffModels } from "../../src/diff/compare.js";
import type { DiffReport } from "../../src/diff/types.js";

export const PROTOCOL = `
export interface Request {
  method: string;
  // \`any\`, as in schema.ts: a named params interface (no index signature) must fit it.
  params?: { [key: string]: any };
}
export interface Notification {
  method: string;
  params?: { [key: string]: any };
}
export interface Result {
  _meta?: { [key: string]: unknown };
  [key: string]: unknown;
}
export type EmptyResult = Result;
export interface PingRequest extends Request {
  method: "ping";
}
export interface CancelledNotification extends Notification {
  method: "notifications/cancelled";
  params: { requestId: string | number; reason?: string };
}
export interface ChangedNotification extends Notification {
  method: "notifications/changed";
  params?: { reason?: string };
}
export interface AskRequest extends Request {
  method: "ask";
  params: { question: string };
}
export interface AskResult extends Result {
  answer: string;
}
export interface GetThingRequest extends Request {
  method: "things/get";
  params: { id: string; verbose?: boolean };
}
export interface GetThingResult extends Result {
  thing: Thing;
  widget?: Widget;
}
export type Mode = "a" | "b";
export interface Described {
  description?: string;
}
export interface Thing extends Described {
  name: string;
  size?: number;
  mode: Mode;
  tags?: string[];
  content: TextBlock | ImageBlock;
  status: "ok" | "failed" | string;
  settings?: object;
  capabilities?: object;
  _meta?: { [key: string]: unknown };
}
export interface Widget extends Described {
  label: string;
}
export interface TextBlock {
  type: "text";
  text: string;
}
export interface ImageBlock {
  type: "image";
  data: string;
}
export type ClientRequest = PingRequest | GetThingRequest;
export type ClientNotification = CancelledNotification;
export type ClientResult = EmptyResult | AskResult;
export type ServerRequest = PingRequest | AskRequest;
export type ServerNotification = CancelledNotification | ChangedNotification;
export type ServerResult = EmptyResult | GetThingResult;
`;

/** Replaces one exact piece of text; throws when it is missing, so no edit can silently do nothing. */
export function edit(text: string, ...replacements: Array<[string, string]>): string {
  for (const [from, to] of replacements) {
    if (!text.includes(from)) throw new Error(`fixture edit: ${JSON.stringify(from)} not found`);
    text = text.replace(from, to);
  }
  return text;
}

export function diffTexts(before: string, after: string): DiffReport {
  const parse = (text: string) => parseSchema({ text, fileName: "fixture.ts", revision: null }).model;
  return diffModels(parse(before), parse(after));
}
