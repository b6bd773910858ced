import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { withLock } from "../../examples/build.mjs";
import { REPO_ROOT } from "../helpers/spec.js";

// The conformance runner starts client scenarios in parallel, each `npm run
// example:conformance-client`, and each used to build the examples itself (a run spawned about 150
// tsc processes at once). The build now runs behind a folder lock: one process builds, the others
// wait and find it built. Here processes hold the lock in turn around a short piece of work.
const work = mkdtempSync(join(REPO_ROOT, "test/tmp/build-lock-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const holderScript = (lock: string, log: string) => `
  import { appendFileSync } from "node:fs";
  const { withLock } = await import(${JSON.stringify(pathToFileURL(join(REPO_ROOT, "examples/build.mjs")).href)});
  await withLock(${JSON.stringify(lock)}, async () => {
    appendFileSync(${JSON.stringify(log)}, "in " + process.pid + "\\n");
    await new Promise((resolve) => setTimeout(resolve, 150));
    appendFileSync(${JSON.stringify(log)}, "out " + process.pid + "\\n");
  });`;

function holder(lock: string, log: string): Promise<number | null> {
  return new Promise((resolve) => spawn(process.execPath, ["--input-type=module", "-e", holderScript(lock, log)], { stdio: "inherit" }).on("close", resolve));
}

describe("the examples' build lock", () => {
  it("lets one process at a time in: six started together never overlap", async () => {
    const lock = join(work, "lock");
    const log = join(work, "log");
    writeFileSync(log, "");
    expect(await Promise.all(Array.from({ length: 6 }, () => holder(lock, log)))).toEqual([0, 0, 0, 0, 0, 0]);
    const lines = readFileSync(log, "utf8").trim().split("\n");
    expect(lines).toHaveLength(12);
    for (let i = 0; i < lines.length; i += 2) expect(lines[i + 1], lines.join(" | ")).toBe(lines[i]!.replace(/^in /, "out "));
    expect(existsSync(lock)).toBe(false);
  });

  it("takes over a lock whose process died, and gives up on a live holder after its wait", async () => {
    const lock = join(work, "stale");
    const dead = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" }).stdout;
    mkdirSync(lock);
    writeFileSync(join(lock, "pid"), dead);
    expect(await withLock(lock, () => "ran")).toBe("ran");
    mkdirSync(lock);
    writeFileSync(join(lock, "pid"), String(process.pid));
    await expect(withLock(lock, () => "ran", 300)).rejects.toThrow(/npm run examples:build/);
    rmSync(lock, { recursive: true, force: true });
  });
});
