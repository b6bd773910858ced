// Resources, a resource template and prompts of the conformance fixture, declared with the
// generated factories (completions of the prompt's arguments included).
import * as z from "zod";
import { elicitForm, prompt, resource, resourceTemplate, type v2026_07_28 as M } from "../gen/index.js";
import { PNG_1X1 } from "./tools.js";

export const WATCHED = "test://watched-resource";

export const RESOURCES = [
  resource("test://static-text", { name: "static-text", description: "A static text resource for testing", mimeType: "text/plain" }, () => "This is the content of the static text resource."),
  resource("test://static-binary", { name: "static-binary", description: "A static binary resource (image) for testing", mimeType: "image/png" }, () => ({ blob: PNG_1X1 })),
  resource(WATCHED, { name: "watched-resource", description: "Static resource registered for subscribe/unsubscribe testing", mimeType: "text/plain" }, () => "Watched resource content"),
];

export const TEMPLATES = [
  resourceTemplate("test://template/{id}/data", { name: "template", description: "A resource template with parameter substitution", mimeType: "application/json" }, ({ id }) =>
    JSON.stringify({ id, templateTest: true, data: `Data for ID: ${id}` }),
  ),
];

const user = (content: M.ContentBlock): M.PromptMessage => ({ role: "user", content });
const askContext = elicitForm({ message: "What context should the prompt use?", schema: z.object({ context: z.string() }) });

export const PROMPTS = [
  prompt("test_simple_prompt", { description: "A simple prompt without arguments" }, () => "This is a simple prompt for testing."),
  prompt("test_prompt_with_arguments", { description: "A prompt with required arguments", args: z.object({ arg1: z.string(), arg2: z.string() }) }, ({ arg1, arg2 }) => `Prompt with arguments: arg1='${arg1}', arg2='${arg2}'`),
  prompt("test_prompt_with_embedded_resource", { description: "A prompt that includes an embedded resource", args: z.object({ resourceUri: z.string() }) }, ({ resourceUri }) => [
    user({ type: "resource", resource: { uri: resourceUri, mimeType: "text/plain", text: "Embedded resource content for testing." } }),
    user({ type: "text", text: "Please process the embedded resource above." }),
  ]),
  prompt("test_input_required_result_prompt", { description: "MRTR: a prompt that asks for context before rendering" }, (_args, ctx) => {
    const answer = ctx.accepted("user_context", askContext);
    return answer ? `Use the following context: ${answer.context}` : ctx.inputRequired({ inputRequests: { user_context: askContext } });
  }),
  prompt("test_prompt_with_image", { description: "A prompt that includes image content" }, () => [user({ type: "image", data: PNG_1X1, mimeType: "image/png" }), user({ type: "text", text: "Please analyze the image above." })]),
];
