// Builds the examples: generates the 2026-07-28 + 2025-11-25 code they are written against into
// examples/gen (git-ignored; a no-op when up to date), then compiles examples/ to examples/dist.
// The spec comes from --spec-root: $MCP_SPEC_ROOT, else ../shared/mcp-spec beside the repository.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { join } from "node:path";

const root = fileURLToPath(new URL("..", import.meta.url));
const specRoot = process.env.MCP_SPEC_ROOT || join(root, "../shared/mcp-spec");
const args = [join(root, "bin/mcp-gen.js"), "--quiet", "--revision", "2026-07-28", "--revision", "2025-11-25", "--out", join(root, "examples/gen")];
if (existsSync(specRoot)) args.push("--spec-root", specRoot);
execFileSync(process.execPath, args, { stdio: "inherit" });
execFileSync(process.execPath, [join(root, "node_modules/typescript/bin/tsc"), "-p", join(root, "examples/tsconfig.json")], { stdio: "inherit" });
