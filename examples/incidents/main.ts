// An incident log on generated code only (its server is declared in server.ts). `--port PORT`
// serves http://127.0.0.1:PORT/mcp, else stdio; with `--auth-issuer URL` too, only callers with
// that issuer's tokens, and opening or resolving an incident needs the scope incidents:write.
import { serve } from "../shared/serve.js";
import { server } from "./server.js";

await serve(server, undefined, { scopes: ["incidents:write"] });
