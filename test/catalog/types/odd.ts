// Names a server may well use that are reserved words, Object.prototype members or not ASCII:
// each is a method (`new` stays a method, not a construct signature), and the output compiles.
import { connect } from "@gen-root/connect";
import { createPrompts, createTools, type FilesVariables } from "@catalog/odd";
import type { Assert, Equal } from "./assert.js";

declare const connected: Awaited<ReturnType<typeof connect>>;

// RFC 6570: path expressions required, query expressions optional, `*` a list.
export type Variables = Assert<Equal<FilesVariables, { a: string; b: string; c?: string; d?: string | string[] }>>;

export async function uses(): Promise<void> {
  const tools = createTools(connected);
  await tools.new({ x: "a" });
  await tools.delete({ x: "a" });
  await tools.import({ x: "a" });
  await tools.constructor({ x: "a" });
  await tools.toString({ x: "a" });
  await tools.proto({ x: "a" });
  await tools._3dRender({ x: "a" });
  await tools.天気({ x: "a" });
  await tools.aB({ x: "a" });
  // @ts-expect-error: still typed
  await tools.new({ y: "a" });
  await createPrompts(connected).new({ "x y": "a", constructor: "b" });
}
