// The form's view: open_form's result fills the plans, and submitting calls the app-only tool
// submit_form, typed from the server's declarations (`plan: "gold"` does not compile).
import { App } from "@modelcontextprotocol/ext-apps";
import { appView } from "../../gen/2026-07-28/app.js";
import type { AppTools } from "../server.js";

const app = new App({ name: "signup-form", version: "1.0.0" });
const view = appView<AppTools, "open_form">(app);
const plan = document.getElementById("plan") as HTMLSelectElement;
const status = document.getElementById("status")!;

view.onToolResult((result) => {
  if (result.isError) return;
  plan.replaceChildren(...result.structuredContent.plans.map((p) => new Option(p, p)));
});

// A click, not a form submission: hosts sandbox views without allow-forms, which blocks submitting.
document.getElementById("submit")!.addEventListener("click", async () => {
  const email = (document.getElementById("email") as HTMLInputElement).value;
  const chosen = plan.value === "team" ? "team" : "free";
  const result = await view.callServerTool({ name: "submit_form", arguments: { email, plan: chosen } });
  status.textContent = result.isError ? "failed" : result.structuredContent.accepted ? `signed up: ${result.structuredContent.id}` : "not a valid email";
});

await app.connect();
status.textContent = "connected";
