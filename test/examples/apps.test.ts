// Issue 54: MCP Apps. examples/apps as the official SDK v2 client sees it, checked against the
// extension's own schema.json (Ajv) and, field for field, against what ext-apps 2.0.4's
// registerAppTool / registerAppResource make the SDK v2 server send for the same declarations
// (the anchor). Then the degraded listing for a client without the extension, both eras' capability,
// and one headless Chromium for the page side (apps-browser.ts).
import { Client as V2Client, StreamableHTTPClientTransport as V2Http } from "@modelcontextprotocol/client";
import { InMemoryTransport, McpServer as SdkServer } from "@modelcontextprotocol/server";
import { registerAppResource, registerAppTool, RESOURCE_MIME_TYPE } from "@modelcontextprotocol/ext-apps/server";
import { mkdirSync, mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import * as z from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectInProcess, createServer, inProcessFetch, inProcessUrl, resource, tool, uiResource } from "../../examples/gen/index.js";
import { appDefinitions, createAppsServer } from "../../examples/apps/server.js";
import { ajvValidators, readSchemaJson } from "../helpers/ajv.js";
import { REPO_ROOT } from "../helpers/spec.js";

/** Debian's chromium, headless, with nothing that reaches the network (this machine has none). */
const CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
/** The browser check's screenshot, kept as a test artifact (test/**\/tmp is git-ignored). */
const ARTIFACTS = join(REPO_ROOT, "test/examples/tmp");
const SCREENSHOT = join(ARTIFACTS, "apps.png");
mkdirSync(ARTIFACTS, { recursive: true });

const UI = "io.modelcontextprotocol/ui";
const PAGES = { chart: "<!doctype html><p>chart</p>", form: "<!doctype html><p>form</p>" };
const server = createAppsServer((name) => PAGES[name]);
const validator = ajvValidators(readSchemaJson("extensions/apps/2026-01-26"));

async function v2Client(extensions: boolean): Promise<V2Client> {
  const client = new V2Client({ name: "apps-test", version: "1.0.0" }, { capabilities: extensions ? { extensions: { [UI]: { mimeTypes: [RESOURCE_MIME_TYPE] } } } : {}, versionNegotiation: { mode: { pin: "2026-07-28" } } });
  await client.connect(new V2Http(new URL(inProcessUrl(server)), { fetch: inProcessFetch(server) as never }));
  return client;
}

/** The same tools and views declared with ext-apps on the SDK v2 server. */
async function anchorClient(): Promise<V2Client> {
  const sdk = new SdkServer({ name: "apps-anchor", version: "1.0.0" }, { capabilities: { extensions: { [UI]: {} } } as never });
  const points = z.array(z.object({ label: z.string(), value: z.number() }));
  const page = (uri: string, html: string, ui?: object) => async () => ({ contents: [{ uri, mimeType: RESOURCE_MIME_TYPE, text: html, ...(ui ? { _meta: { ui } } : {}) }] });
  registerAppResource(sdk, "Chart", "ui://apps/chart.html", { description: "A bar chart of one metric", _meta: { ui: { prefersBorder: true } } }, page("ui://apps/chart.html", PAGES.chart, { prefersBorder: true }));
  registerAppResource(sdk, "Signup form", "ui://apps/form.html", { description: "A form that signs a user up", _meta: { ui: { csp: { connectDomains: [] } } } }, page("ui://apps/form.html", PAGES.form, { csp: { connectDomains: [] } }));
  const none = async () => ({ content: [] });
  registerAppTool(sdk, "show_chart", { description: "Shows a metric as a bar chart", inputSchema: z.object({ metric: z.enum(["cpu", "memory"]) }), outputSchema: z.object({ metric: z.string(), points }), _meta: { ui: { resourceUri: "ui://apps/chart.html" } } }, none as never);
  registerAppTool(sdk, "chart_data", { description: "The points of a metric, shifted by `offset` (for the chart's refresh button)", inputSchema: z.object({ metric: z.enum(["cpu", "memory"]), offset: z.number().int() }), outputSchema: z.object({ points }), _meta: { ui: { visibility: ["app"] } } }, none as never);
  registerAppTool(sdk, "open_form", { description: "Opens the signup form", inputSchema: z.object({}), outputSchema: z.object({ plans: z.array(z.string()) }), _meta: { ui: { resourceUri: "ui://apps/form.html" } } }, none as never);
  registerAppTool(sdk, "submit_form", { description: "Signs a user up", inputSchema: z.object({ email: z.string(), plan: z.enum(["free", "team"]) }), outputSchema: z.object({ accepted: z.boolean(), id: z.string() }), _meta: { ui: { visibility: ["app"] } } }, none as never);
  const [a, b] = InMemoryTransport.createLinkedPair();
  await sdk.connect(b);
  const client = new V2Client({ name: "apps-anchor-client", version: "1.0.0" }, { capabilities: { extensions: { [UI]: { mimeTypes: [RESOURCE_MIME_TYPE] } } } as never });
  await client.connect(a);
  return client;
}

/** A tool schema without `$schema`, which must be 2020-12's (the only key the anchor comparison leaves out). */
function withoutDialect<T extends object | undefined>(schema: T): T {
  if (!schema) return schema;
  const { $schema, ...rest } = schema as { $schema?: unknown };
  if ($schema !== undefined) expect($schema).toBe("https://json-schema.org/draft/2020-12/schema");
  return rest as T;
}

/** The extension's generated validators (`--extension apps` in examples/build.mjs), imported at run time: the type check runs before examples/gen exists. */
async function generatedUi(): Promise<{ isMcpUiToolMeta(v: unknown): boolean; isMcpUiResourceMeta(v: unknown): boolean }> {
  return (await import(pathToFileURL(join(REPO_ROOT, "examples/gen/2026-07-28/ext/ui/index.js")).href)) as never;
}

const byName = <T extends { name: string }>(items: T[]) => [...items].sort((x, y) => x.name.localeCompare(y.name));

describe("examples/apps on the wire (SDK v2 client)", () => {
  let client: V2Client;
  beforeAll(async () => {
    client = await v2Client(true);
  });
  afterAll(() => client.close());

  it("lists app tools whose _meta.ui is McpUiToolMeta, and serves views with McpUiResourceMeta and the MIME type", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(["chart_data", "open_form", "show_chart", "submit_form"]);
    const toolMeta = validator("McpUiToolMeta");
    for (const tool of tools) expect(toolMeta(tool._meta?.["ui"]), `${tool.name}: ${JSON.stringify(toolMeta.errors)}`).toBe(true);
    const generated = await generatedUi();
    for (const tool of tools) expect(generated.isMcpUiToolMeta(tool._meta?.["ui"]), tool.name).toBe(true);
    expect(generated.isMcpUiToolMeta({ visibility: ["agent"] })).toBe(false);
    const chart = tools.find((t) => t.name === "show_chart")!;
    expect(chart._meta).toEqual({ ui: { resourceUri: "ui://apps/chart.html" }, "ui/resourceUri": "ui://apps/chart.html" });
    expect(tools.find((t) => t.name === "chart_data")!._meta).toEqual({ ui: { visibility: ["app"] } });

    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri).sort()).toEqual(["ui://apps/chart.html", "ui://apps/form.html"]); // the chart's view is in `ui` and in `resources`: once
    const resourceMeta = validator("McpUiResourceMeta");
    for (const uri of ["ui://apps/chart.html", "ui://apps/form.html"]) {
      const read = await client.readResource({ uri });
      const [content] = read.contents;
      expect(content).toMatchObject({ uri, mimeType: "text/html;profile=mcp-app", text: uri.includes("chart") ? PAGES.chart : PAGES.form });
      expect(resourceMeta(content!._meta?.["ui"]), JSON.stringify(resourceMeta.errors)).toBe(true);
      expect(generated.isMcpUiResourceMeta(content!._meta?.["ui"]), uri).toBe(true);
    }
  });

  it("equals, field for field, what ext-apps 2.0.4's registerAppTool/registerAppResource send on the SDK v2 (anchor)", async () => {
    const anchor = await anchorClient();
    try {
      // One difference, outside the extension: the SDK's Zod conversion names the dialect of the
      // tool schemas (`$schema`: 2020-12, the revision's default); ours leaves it implicit.
      const theirTools = byName((await anchor.listTools()).tools).map((t) => ({ ...t, inputSchema: withoutDialect(t.inputSchema), outputSchema: withoutDialect(t.outputSchema) }));
      expect(byName((await client.listTools()).tools)).toEqual(theirTools);
      const mine = byName((await client.listResources()).resources);
      const theirs = byName((await anchor.listResources()).resources);
      expect(mine).toEqual(theirs);
      for (const { uri } of theirs) expect((await client.readResource({ uri })).contents).toEqual((await anchor.readResource({ uri })).contents);
    } finally {
      await anchor.close();
    }
  });

  it("gives a client without the extension the core tools: no app metadata, no app-only tools (a call of one is refused with -32021)", async () => {
    const plain = await v2Client(false);
    try {
      const { tools } = await plain.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual(["open_form", "show_chart"]);
      for (const tool of tools) expect(tool._meta).toBeUndefined();
      const result = await plain.callTool({ name: "show_chart", arguments: { metric: "cpu" } });
      expect(result.content).toEqual([{ type: "text", text: JSON.stringify(result.structuredContent) }]); // the text fallback
      // An app-only tool is not the agent's to call, and this client has no app: -32021 names the extension (SEP-2133).
      const refused = await plain.callTool({ name: "chart_data", arguments: { metric: "cpu", offset: 0 } }).then(() => undefined, (error: unknown) => error as { code?: number; data?: unknown });
      expect(refused).toMatchObject({ code: -32021, data: { requiredCapabilities: { extensions: { [UI]: {} } } } });
    } finally {
      await plain.close();
    }
  });

  it("calls an app-only tool for a client that declared the extension (its view's host relays the app's calls)", async () => {
    const withApps = await v2Client(true);
    try {
      const result = await withApps.callTool({ name: "chart_data", arguments: { metric: "cpu", offset: 1 } });
      expect(result.isError).not.toBe(true);
      expect((result.structuredContent as { points: unknown[] }).points).toHaveLength(4);
    } finally {
      await withApps.close();
    }
  });

  it("declares the extension in both eras: server/discover and initialize", async () => {
    for (const versions of [["2026-07-28"], ["2025-11-25"]]) {
      const gen = await connectInProcess(server, { versions, capabilities: { extensions: { [UI]: { mimeTypes: [RESOURCE_MIME_TYPE] } } } } as never);
      try {
        expect((gen.server?.capabilities as Record<string, unknown> | undefined)?.["extensions"], versions[0]).toEqual({ [UI]: {} });
        const { tools } = (await gen.listTools({})) as { tools: Array<{ name: string; _meta?: unknown }> };
        expect(tools.find((t) => t.name === "show_chart")?._meta, versions[0]).toMatchObject({ ui: { resourceUri: "ui://apps/chart.html" } });
      } finally {
        await gen.close();
      }
    }
  });

  it("refuses, when made, a ui that is not a view and another resource at a view's URI", () => {
    const { chartView } = appDefinitions((name) => PAGES[name]);
    expect(() => tool("t", { ui: "ui://apps/chart.html" as never }, () => "x")).toThrow(/ui must be a view made by uiResource/);
    expect(() => tool("t", { ui: resource("ui://apps/chart.html", { name: "x" }, () => "x") as never }, () => "x")).toThrow(/ui must be a view/);
    expect(() => tool("t", { visibility: ["agent" as never] }, () => "x")).toThrow(/visibility/);
    expect(() => uiResource("https://example.com/x.html", { name: "x" }, () => "x")).toThrow(/ui:\/\/ scheme/);
    const withView = tool("t", { ui: chartView }, () => "x");
    const other = resource("ui://apps/chart.html", { name: "impostor" }, () => "x");
    expect(() => createServer({ serverInfo: { name: "s", version: "1" }, tools: [withView], resources: [other] })).toThrow(/registered twice/);
    expect(() => createServer({ serverInfo: { name: "s", version: "1" }, tools: [withView, tool("u", { ui: chartView }, () => "y")], resources: [chartView] })).not.toThrow();
  });
});

/**
 * The host page: ext-apps's AppBridge renders a view in a sandboxed iframe (scripts only, an opaque
 * origin) and relays its tools/call to `hostCallTool`, which the test answers with the generated
 * client connected to examples/apps.
 */
const HOST_SCRIPT = `
import { AppBridge, PostMessageTransport } from "@modelcontextprotocol/ext-apps/app-bridge";
window.openApp = async (id, html, toolResult) => {
  const iframe = document.createElement("iframe");
  iframe.id = id;
  iframe.setAttribute("sandbox", "allow-scripts");
  iframe.style.cssText = "width: 420px; height: 320px; border: 1px solid #999";
  document.body.append(iframe);
  const bridge = new AppBridge(null, { name: "test-host", version: "1.0.0" }, { serverTools: {} });
  bridge.oncalltool = (params) => window.hostCallTool(params);
  const initialized = new Promise((resolve) => (bridge.oninitialized = resolve));
  await bridge.connect(new PostMessageTransport(iframe.contentWindow, iframe.contentWindow));
  iframe.srcdoc = html;
  await initialized;
  await bridge.sendToolResult(toolResult);
};
`;

describe("examples/apps in headless Chromium (ext-apps AppBridge host)", () => {
  it("renders the views in sandboxed iframes; they call server tools through the typed wrapper and show the results", async () => {
    const { buildPages } = await import("../../examples/apps/build-pages.mjs");
    const { build } = await import("esbuild");
    const { chromium } = await import("playwright-core");
    const pages = await buildPages();
    const host = await build({ stdin: { contents: HOST_SCRIPT, resolveDir: REPO_ROOT, loader: "js" }, bundle: true, write: false, format: "esm", platform: "browser", logLevel: "error" });
    const live = createAppsServer((name) => pages[name]);
    const gen = await connectInProcess(live, { capabilities: { extensions: { [UI]: { mimeTypes: [RESOURCE_MIME_TYPE] } } } } as never);
    const calls: string[] = [];
    const context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), "apps-chromium-")), { executablePath: "/usr/bin/chromium", headless: true, args: CHROMIUM_ARGS });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.exposeFunction("hostCallTool", async (params: { name: string; arguments?: Record<string, unknown> }) => {
        calls.push(params.name);
        return gen.callTool(params as never);
      });
      await page.route("http://host.test/**", (route) => route.fulfill({ contentType: "text/html", body: `<!doctype html><body><script type="module">${host.outputFiles[0]!.text.replaceAll("</script", "<\\/script")}</script></body>` }));
      await page.goto("http://host.test/");
      // What a host does: find the tool's view in tools/list, read it, call the tool, hand both to the bridge.
      const { tools } = (await gen.listTools({})) as { tools: Array<{ name: string; _meta?: { ui?: { resourceUri?: string } } }> };
      for (const [id, name, args] of [["chart", "show_chart", { metric: "memory" }], ["form", "open_form", {}]] as const) {
        const uri = tools.find((t) => t.name === name)!._meta!.ui!.resourceUri!;
        const read = (await gen.readResource({ uri })) as { contents: Array<{ text?: string; mimeType?: string }> };
        expect(read.contents[0]!.mimeType).toBe(RESOURCE_MIME_TYPE);
        const result = await gen.callTool({ name, arguments: args });
        await page.evaluate(([i, html, r]) => (window as unknown as { openApp: (...a: unknown[]) => Promise<void> }).openApp(i, html, r), [id, read.contents[0]!.text!, result] as const);
      }
      const chart = page.frameLocator("#chart");
      await expect.poll(() => chart.locator("#status").textContent()).toBe("memory: from the tool result");
      expect(await chart.locator(".bar").count()).toBe(4);
      await chart.locator("#refresh").click();
      await expect.poll(() => chart.locator("#status").textContent()).toBe("memory: refreshed 1, first t1");
      expect(await chart.locator(".bar").first().textContent()).toBe(String((70 + 7) % 100));

      const form = page.frameLocator("#form");
      await expect.poll(() => form.locator("#plan option").allTextContents()).toEqual(["free", "team"]);
      await form.locator("#plan").selectOption("team");
      await form.locator("#submit").click();
      await expect.poll(() => form.locator("#status").textContent()).toBe(`signed up: team-${"ada@example.com".length}`);
      expect(calls).toEqual(["chart_data", "submit_form"]);
      // The sandbox holds: the view's origin is opaque, so it cannot reach the host page.
      expect(await page.locator("#chart").getAttribute("sandbox")).toBe("allow-scripts");
      await page.screenshot({ path: SCREENSHOT });
      expect(statSync(SCREENSHOT).size).toBeGreaterThan(1000);
    } finally {
      await context.close();
      await gen.close();
    }
  });
});
