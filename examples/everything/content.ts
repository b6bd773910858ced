// Resources, resource templates, prompts and completions of the conformance fixture.
import { McpError, type ServerOptions, type v2026_07_28 as M } from "../gen/index.js";
import { PNG_1X1 } from "./tools.js";

type Handlers = ServerOptions["handlers"];

const CACHE = { ttlMs: 0, cacheScope: "private" } as const;
export const WATCHED = "test://watched-resource";

const RESOURCES: M.Resource[] = [
  { uri: "test://static-text", name: "static-text", description: "A static text resource for testing", mimeType: "text/plain" },
  { uri: "test://static-binary", name: "static-binary", description: "A static binary resource (image) for testing", mimeType: "image/png" },
  { uri: WATCHED, name: "watched-resource", description: "Static resource registered for subscribe/unsubscribe testing", mimeType: "text/plain" },
];

const TEMPLATE = /^test:\/\/template\/([^/]+)\/data$/;

function read(uri: string): M.ReadResourceResult["contents"] {
  if (uri === "test://static-text") return [{ uri, mimeType: "text/plain", text: "This is the content of the static text resource." }];
  if (uri === "test://static-binary") return [{ uri, mimeType: "image/png", blob: PNG_1X1 }];
  if (uri === WATCHED) return [{ uri, mimeType: "text/plain", text: "Watched resource content" }];
  const id = TEMPLATE.exec(uri)?.[1];
  if (id !== undefined) return [{ uri, mimeType: "application/json", text: JSON.stringify({ id, templateTest: true, data: `Data for ID: ${id}` }) }];
  throw new McpError(-32602, `Resource not found: ${uri}`, { uri });
}

const PROMPTS: M.Prompt[] = [
  { name: "test_simple_prompt", description: "A simple prompt without arguments" },
  { name: "test_prompt_with_arguments", description: "A prompt with required arguments", arguments: [{ name: "arg1", required: true }, { name: "arg2", required: true }] },
  { name: "test_prompt_with_embedded_resource", description: "A prompt that includes an embedded resource", arguments: [{ name: "resourceUri", required: true }] },
  { name: "test_input_required_result_prompt", description: "MRTR: a prompt that asks for context before rendering" },
  { name: "test_prompt_with_image", description: "A prompt that includes image content" },
];

const user = (content: M.ContentBlock): M.PromptMessage => ({ role: "user", content });
const text = (value: string): M.ContentBlock => ({ type: "text", text: value });

export const contentHandlers: Pick<Handlers, "resources/list" | "resources/templates/list" | "resources/read" | "prompts/list" | "prompts/get" | "completion/complete"> = {
  "resources/list": () => ({ resources: RESOURCES, ...CACHE }),
  "resources/templates/list": () => ({
    resourceTemplates: [{ uriTemplate: "test://template/{id}/data", name: "template", description: "A resource template with parameter substitution", mimeType: "application/json" }],
    ...CACHE,
  }),
  "resources/read": (params) => ({ contents: read(params.uri), ...CACHE }),
  "prompts/list": () => ({ prompts: PROMPTS, ...CACHE }),
  "prompts/get": (params, ctx) => {
    const args = params.arguments ?? {};
    switch (params.name) {
      case "test_simple_prompt":
        return { messages: [user(text("This is a simple prompt for testing."))] };
      case "test_prompt_with_arguments":
        return { messages: [user(text(`Prompt with arguments: arg1='${args["arg1"]}', arg2='${args["arg2"]}'`))] };
      case "test_prompt_with_embedded_resource":
        return {
          messages: [
            user({ type: "resource", resource: { uri: String(args["resourceUri"]), mimeType: "text/plain", text: "Embedded resource content for testing." } }),
            user(text("Please process the embedded resource above.")),
          ],
        };
      case "test_prompt_with_image":
        return { messages: [user({ type: "image", data: PNG_1X1, mimeType: "image/png" }), user(text("Please analyze the image above."))] };
      case "test_input_required_result_prompt": {
        const answer = ctx.inputResponses?.["user_context"];
        const context = answer && "action" in answer && answer.action === "accept" ? answer.content?.["context"] : undefined;
        if (typeof context === "string") return { messages: [user(text(`Use the following context: ${context}`))] };
        return ctx.inputRequired({
          inputRequests: { user_context: { method: "elicitation/create", params: { mode: "form", message: "What context should the prompt use?", requestedSchema: { type: "object", properties: { context: { type: "string" } }, required: ["context"] } } } },
        });
      }
      default:
        throw new McpError(-32602, `Unknown prompt: ${params.name}`);
    }
  },
  "completion/complete": () => ({ completion: { values: [], total: 0, hasMore: false } }),
};
