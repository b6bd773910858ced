// The suspicion of issue 32: "a total time bound on a paginated catalog read". Each page of a
// list is bounded by --timeout; the whole read (every page of every list) by ten times that, so a
// server that pages forever, each page in time, cannot hold `mcp-gen catalog` for hours.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT, scratchDir } from "../helpers/spec.js";
import { catalog, commandLine } from "./helpers.js";

const ENDLESS = join(REPO_ROOT, "test/catalog/fixtures/endless-pages-server.mjs");

describe("a paginated catalog read has a total bound", () => {
  it("a server whose pages never end, each in time: exit 2 once 10 × --timeout has passed, nothing written", async () => {
    const out = scratchDir("catalog-endless");
    const result = await catalog(["--stdio", commandLine(process.execPath, ENDLESS), "--timeout", "1000"], out);
    expect(result.stderr).toMatch(/^mcp-gen: error: cannot read the catalog of .*: its lists were not read within 10000 ms in all \(10 × --timeout\): tools\/list was still paging after \d+ items/);
    expect(result.code).toBe(2);
    expect(existsSync(out)).toBe(false);
  });
});
