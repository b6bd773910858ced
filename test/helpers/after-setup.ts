// A setup file of the isolated project (vitest.config.ts): its files start servers, examples and
// the conformance runner, so each waits for the global setup's jobs first (see ready.ts).
import { whenReady } from "./ready.js";

await whenReady("examples");
await whenReady("runner");
