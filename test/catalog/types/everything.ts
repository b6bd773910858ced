// The stubs of server-everything's catalog at the type level (compiled by test/catalog/servers.test.ts):
// typed arguments, typed structuredContent, and the mistakes that must not compile.
import { connect } from "@gen-root/connect";
import { StdioTransport, createClient } from "@gen/2025-11-25";
import { createClient as createModernClient } from "@gen/2026-07-28";
import {
  createPrompts,
  createResourceTemplates,
  createResources,
  createTools,
  isToolCallError,
  type DynamicTextResourceVariables,
  type GetStructuredContentOutput,
  type GetSumArgs,
  type ResourceResult,
  type ToolName,
  type Tools,
} from "@catalog/everything";
import type { Assert, Equal } from "./assert.js";

declare const connected: Awaited<ReturnType<typeof connect>>;
const info = { name: "t", version: "1" };

// As the server declares them (its Zod schemas, read back from tools/list).
export type SumArgs = Assert<Equal<GetSumArgs, { a: number; b: number }>>;
export type Weather = Assert<Equal<GetStructuredContentOutput, { temperature: number; conditions: string; humidity: number }>>;
export type Names = Assert<
  Equal<
    ToolName,
    | "echo" | "get-annotated-message" | "get-env" | "get-resource-links" | "get-resource-reference" | "get-roots-list" | "get-structured-content" | "get-sum"
    | "get-tiny-image" | "gzip-file-as-resource" | "simulate-research-query" | "toggle-simulated-logging" | "toggle-subscriber-updates" | "trigger-elicitation-request"
    | "trigger-long-running-operation" | "trigger-sampling-request"
  >
>;

// A template's variables, from its URI template (demo://resource/dynamic/text/{resourceId}).
export type TextVariables = Assert<Equal<DynamicTextResourceVariables, { resourceId: string }>>;
// The MIME type the server lists, in the result's type.
export type DocumentMime = Assert<Equal<Awaited<ReturnType<ReturnType<typeof createResources>["featuresMd"]>>["mimeType"], "text/markdown">>;
export type BlobMime = Assert<Equal<Awaited<ReturnType<ReturnType<typeof createResourceTemplates>["dynamicBlobResource"]>>["mimeType"], "application/octet-stream">>;

export async function resources(): Promise<void> {
  const templates = createResourceTemplates(connected);
  const text: ResourceResult<"text/plain"> = await templates.dynamicTextResource({ resourceId: "7" });
  for (const item of text.contents) {
    if (item.text !== undefined) {
      const body: string = item.text;
      void body;
      // @ts-expect-error: an item with text has no blob
      void item.blob.length;
    } else {
      const base64: string = item.blob;
      void base64;
    }
  }
  await templates.dynamicBlobResource({ resourceId: "3" });
  // @ts-expect-error: a variable the template does not have
  await templates.dynamicTextResource({ id: "7" });
  // @ts-expect-error: the template's variable is required
  await templates.dynamicTextResource({});
  // @ts-expect-error: a variable is a string
  await templates.dynamicTextResource({ resourceId: 7 });
  const document = await createResources(connected).featuresMd({ timeoutMs: 5_000 });
  void document.contents;
  // @ts-expect-error: a resource the server does not list
  await createResources(connected).featuresMdx();
  // @ts-expect-error: a resource takes no variables
  await createResources(connected).featuresMd({ resourceId: "1" });
}

export async function uses(): Promise<void> {
  // Any generated client: connect()'s union, one revision's createClient() (legacy or modern).
  const tools: Tools = createTools(connected);
  createTools(createClient(new StdioTransport({ command: "node" }), { clientInfo: info }));
  createTools(createModernClient(new StdioTransport({ command: "node" }), { clientInfo: info }));
  const sum = await tools.getSum({ a: 1, b: 2 }, { timeoutMs: 5_000, signal: AbortSignal.timeout(10_000), onprogress: (p) => void p.progress });
  void sum.content;
  const weather = await tools.getStructuredContent({ location: "Chicago" });
  const celsius: number = weather.structuredContent.temperature;
  const conditions: string = weather.structuredContent.conditions;
  void [celsius, conditions];
  await tools.getEnv();
  await tools.getResourceLinks();
  await tools.getAnnotatedMessage({ messageType: "error", includeImage: true });

  // @ts-expect-error: a wrong argument name
  await tools.getSum({ a: 1, c: 2 });
  // @ts-expect-error: a wrong argument type
  await tools.getSum({ a: 1, b: "2" });
  // @ts-expect-error: a required argument missing
  await tools.getSum({ a: 1 });
  // @ts-expect-error: a value outside the enum
  await tools.getStructuredContent({ location: "Paris" });
  // @ts-expect-error: an unknown tool
  await tools.getSums({ a: 1, b: 2 });
  // @ts-expect-error: a field the output schema does not have
  void weather.structuredContent.temprature;
  // @ts-expect-error: a tool without arguments takes none
  await tools.getEnv({ verbose: true });

  const prompts = createPrompts(connected);
  const prompt = await prompts.argsPrompt({ city: "Paris", state: "IDF" });
  void prompt.messages;
  // @ts-expect-error: a required prompt argument missing
  await prompts.argsPrompt({ state: "IDF" });

  try {
    await tools.echo({ message: "hi" });
  } catch (error) {
    if (isToolCallError(error, "echo")) void error.result.content;
    // @ts-expect-error: not one of the server's tools
    isToolCallError(error, "ecko");
  }
}
