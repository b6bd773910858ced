import { readFileSync } from "node:fs";
import { join } from "node:path";
import { lint } from "markdownlint/promise";
import { micromark } from "micromark";
import { gfmTable, gfmTableHtml } from "micromark-extension-gfm-table";
import { describe, expect, it } from "vitest";
import { diffModels } from "../../src/diff/compare.js";
import { escapeProse, renderMarkdown } from "../../src/diff/markdown.js";
import { shownValues } from "../../src/diff/present.js";
import { code } from "../../src/diff/text.js";
import type { DiffReport } from "../../src/diff/types.js";
import { parseSchema } from "../../src/parse/index.js";
import { REVISIONS, SPEC_ROOT } from "../helpers/spec.js";
import { diffTexts, edit, PROTOCOL } from "./fixtures.js";

/** markdownlint's defaults, except line length (generated bullets are long) and repeated headings in different sections. */
const LINT_CONFIG = { default: true, MD013: false, MD024: { siblings_only: true } };

const PAIRS = REVISIONS.map((r, i, all) => [r, all[i + 1]]).filter((p): p is [string, string] => !!p[1]);

const models = new Map<string, ReturnType<typeof parseSchema>["model"]>();
function model(revision: string) {
  if (!models.has(revision)) {
    const text = readFileSync(join(SPEC_ROOT, revision, "schema.ts"), "utf8");
    models.set(revision, parseSchema({ text, fileName: `${revision}/schema.ts`, revision }).model);
  }
  return models.get(revision)!;
}

function html(markdown: string): string {
  return micromark(markdown, { extensions: [gfmTable()], htmlExtensions: [gfmTableHtml()] });
}

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The rendered text outside code elements: a stray backtick there is a broken code span. */
function textOutsideCode(rendered: string): string {
  return rendered.replace(/<code>[\s\S]*?<\/code>/g, "").replace(/<[^>]+>/g, "");
}

async function lintErrors(markdown: string): Promise<string[]> {
  const result = await lint({ strings: { report: markdown }, config: LINT_CONFIG });
  return result.report!.map((e) => `${e.lineNumber}: ${e.ruleNames.join("/")} ${e.errorDetail ?? ""} ${e.errorContext ?? ""}`);
}

/** Every code span the renderer should have produced, and must come out intact. */
function expectedSpans(report: DiffReport): string[] {
  const spans = report.methods.map((m) => m.method);
  for (const change of report.changes) {
    const values = shownValues(change);
    for (const value of values ?? []) if (value !== undefined && value.length <= 120) spans.push(value);
  }
  return spans;
}

describe("diff --format md: release notes that lint clean and render their code spans", () => {
  it.each(PAIRS)("%s → %s passes markdownlint", async (from, to) => {
    const markdown = renderMarkdown(diffModels(model(from), model(to)));
    expect(await lintErrors(markdown)).toEqual([]);
  });

  it.each(PAIRS)("%s → %s renders every code span intact and no stray backtick", (from, to) => {
    const report = diffModels(model(from), model(to));
    const rendered = html(renderMarkdown(report));
    expect(textOutsideCode(rendered)).not.toContain("`");
    for (const span of expectedSpans(report)) expect(rendered, span).toContain(`<code>${escapeHtml(span)}</code>`);
  });

  it.each(PAIRS)("%s → %s opens with the methods table, then breaking (per party), additive, type-level notes", (from, to) => {
    const report = diffModels(model(from), model(to));
    const markdown = renderMarkdown(report);
    const headings = markdown.split("\n").filter((line) => line.startsWith("## "));
    const order = ["## Methods", ...report.parties.map((p) => `## Breaking for ${p}`), "## Additive", "## Type-level notes (no wire change)"];
    expect(headings).toEqual(order.filter((h) => headings.includes(h)));
    if (report.methods.length) expect(headings[0]).toBe("## Methods");
    // Type strings never carry doc comments.
    expect(markdown).not.toMatch(/\/\*\*|\*\//);
  });
});

describe("diff markdown: text from the schema cannot break the markup", () => {
  it("code spans grow their fence around backticks", () => {
    for (const text of ["a`b", "`x`", "``", "plain", "a ``b`` c"]) {
      const rendered = html(`- ${code(text)}\n`);
      expect(rendered).toContain(`<code>${escapeHtml(text)}</code>`);
    }
  });

  it("doc prose keeps its code spans and escapes markdown elsewhere", () => {
    const rendered = html(escapeProse("Use `a|b` not *this* or <b>that</b>, see https://example.com/x_y [z]"));
    expect(rendered).toContain("<code>a|b</code>");
    expect(rendered).not.toContain("<em>");
    expect(rendered).not.toContain("<b>");
    expect(rendered).toContain('<a href="https://example.com/x_y">');
  });

  it("a literal with backticks and a deprecation note with markup lint clean and render intact", async () => {
    const before = edit(PROTOCOL, ['export type Mode = "a" | "b";', 'export type Mode = "a" | "b";\n/** @deprecated Use `Kind` | *never* <i>this</i> */\nexport type Old = string;']);
    const after = edit(before, ['export type Mode = "a" | "b";', 'export type Mode = "a" | "b" | "c`d" | "``";'], ["export type Old = string;", "export type Old = string | number;"]);
    const report = diffTexts(before, after);
    const markdown = renderMarkdown(report);
    expect(await lintErrors(markdown)).toEqual([]);
    const rendered = html(markdown);
    expect(rendered).toContain(`<code>${escapeHtml('"c`d"')}</code>`);
    expect(rendered).toContain(`<code>${escapeHtml('"``"')}</code>`);
    expect(textOutsideCode(rendered)).not.toContain("`");
  });
});
