import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import type { DiffReport } from "../../src/diff/types.js";
import { runCli } from "../helpers/cli.js";
import { scratchDir, SPEC_ROOT } from "../helpers/spec.js";

function files(name: string, contents: Record<string, string>): string {
  const dir = scratchDir(name);
  mkdirSync(dir, { recursive: true });
  for (const [file, text] of Object.entries(contents)) writeFileSync(join(dir, file), text);
  return dir;
}

async function diffFiles(dir: string, from: string, to: string) {
  const result = await runCli(["diff", "--from", join(dir, from), "--to", join(dir, to), "--format", "json"]);
  return { ...result, report: result.code === 2 ? undefined : (JSON.parse(result.stdout) as DiffReport) };
}

describe("mcp-gen diff with schema files", () => {
  it("either side may be a path to a schema.ts; the JSON report names no revision then", async () => {
    const dir = files("diff-files", {
      "v1.ts": 'export type Mode = "a" | "b";\nexport interface Thing {\n  mode: Mode;\n  size?: number;\n}\n',
      "v2.ts": 'export type Mode = "a" | "b" | "c";\nexport interface Thing {\n  mode: Mode;\n  size: number;\n  label?: string;\n}\n',
    });
    const { code, report } = await diffFiles(dir, "v1.ts", "v2.ts");
    expect(code).toBe(1);
    expect(report!.from.revision).toBeNull();
    expect(report!.changes.map((c) => [c.kind, c.types.join(), c.path, c.breaking])).toEqual([
      ["property-values", "Mode", "", ["peers"]],
      ["property-added", "Thing", "label", []],
      ["property-optionality", "Thing", "size", ["peers"]],
    ]);
  });
});

describe("mcp-gen diff: integer ↔ number (the number convention) is a wire change", () => {
  const schema = (size: string, extra = "") => `export interface Thing {\n${size}  size: number;\n${extra}}\n`;
  const float = "  /** @TJS-type number */\n";

  it("removing @TJS-type number (number → integer) narrows: breaking for senders, exit 1", async () => {
    const dir = files("diff-int", { "a.ts": schema(float), "b.ts": schema("") });
    const { code, report } = await diffFiles(dir, "a.ts", "b.ts");
    expect(code).toBe(1);
    expect(report!.changes.map((c) => [c.kind, c.path, c.before, c.after, c.level, c.reason.startsWith("narrowed")])).toEqual([["property-type", "size", "number", "integer", "wire", true]]);
  });

  it("adding @TJS-type number (integer → number) widens: breaking for receivers", async () => {
    const dir = files("diff-float", { "a.ts": schema(""), "b.ts": schema(float) });
    const { report } = await diffFiles(dir, "a.ts", "b.ts");
    expect(report!.changes.map((c) => [c.kind, c.path, c.before, c.after, c.reason.startsWith("widened")])).toEqual([["property-type", "size", "integer", "number", true]]);
  });

  it("through an alias, in a union member, and on the side of the party that sends it (a variant of our own)", async () => {
    const protocol = (tag: string) => `
export interface Notification { method: string; params?: { [key: string]: unknown } }
export interface Result { [key: string]: unknown }
${tag}
export type Ratio = number;
export interface ProgressNotification extends Notification {
  method: "notifications/progress";
  params: {
    samples: Ratio[];
    ${tag}
    total: number | null;
  };
}
export interface TickNotification extends Notification {
  method: "notifications/tick";
  params: {
    ${tag}
    n: number;
  };
}
export type ClientNotification = ProgressNotification;
export type ClientResult = Result;
export type ServerNotification = ProgressNotification | TickNotification;
export type ServerResult = Result;
`;
    const dir = files("diff-int-nested", { "a.ts": protocol("/** @TJS-type number */"), "b.ts": protocol("") });
    const { code, report } = await diffFiles(dir, "a.ts", "b.ts");
    expect(code).toBe(1);
    // number → integer narrows: it breaks whoever sends the message (both parties send progress, only servers tick).
    expect(report!.changes.map((c) => [c.group, c.path, c.before, c.after, c.breaking])).toEqual([
      ["notifications/progress", "params.total", "number", "integer", ["clients", "servers"]],
      ["notifications/tick", "params.n", "number", "integer", ["servers"]],
      ["Ratio", "", "number", "integer", ["clients", "servers"]],
    ]);
  });
});

describe("mcp-gen diff: a side that is neither a schema file nor a revision is a clear error, exit 2", () => {
  it("a directory", async () => {
    const dir = files("diff-dir", {});
    const result = await runCli(["diff", "--from", "2025-11-25", "--to", dir, "--spec-root", SPEC_ROOT]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`mcp-gen: error: "${dir}" is a directory: pass the path of a schema.ts file or a revision name (e.g. --from 2025-11-25)\n`);
  });

  it("a path to nothing that does not end in .ts", async () => {
    const missing = join(scratchDir("diff-missing"), "schema");
    const result = await runCli(["diff", "--from", missing, "--to", "2026-07-28", "--spec-root", SPEC_ROOT]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^mcp-gen: error: ".*schema" is neither a schema file nor a revision name/);
  });

  it("an unknown revision", async () => {
    const result = await runCli(["diff", "--from", "2026-07-28", "--to", "1999-01-01", "--spec-root", SPEC_ROOT]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/unknown revision "1999-01-01"/);
  });

  it("a side the parser cannot read (a 3,000-level type) is exit 2 with its location, not a stack dump", async () => {
    const deep = `export interface A { x: ${"{ y: ".repeat(3000)}string${" }".repeat(3000)} }\n`;
    const dir = files("diff-deep", { "deep.ts": deep, "flat.ts": "export interface A { x: string }\n" });
    const result = await runCli(["diff", "--from", join(dir, "flat.ts"), "--to", join(dir, "deep.ts")]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^mcp-gen: error: .*deep\.ts:1:\d+: nesting too deep to parse: .*\n$/);
  });
});

describe("runDiff: any failure is a GeneratorError (exit 2), never a bare exception (exit 1 means 'different')", () => {
  it("an unexpected exception inside the diff becomes a GeneratorError naming the sides", async () => {
    vi.resetModules();
    vi.doMock("../../src/diff/compare.js", () => ({
      diffModels: () => {
        throw new TypeError("boom");
      },
    }));
    const { runDiff } = await import("../../src/diff/index.js");
    const { GeneratorError } = await import("../../src/errors.js");
    const error = await runDiff({ from: "2025-11-25", to: "2026-07-28", specRoot: SPEC_ROOT, format: "json", generated: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GeneratorError);
    expect((error as Error).message).toBe("diff failed (2025-11-25 → 2026-07-28): TypeError: boom");
    vi.doUnmock("../../src/diff/compare.js");
  });
});
