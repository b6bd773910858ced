import { relative, sep } from "node:path";
import type * as TypeScript from "typescript";
import { byText } from "../model/order.js";
import type { Explainer } from "./explain.js";
import { subjectOf } from "./explain.js";
import { excessKeys } from "./keys.js";
import { changedLiterals } from "./literals.js";
import { subjectAt } from "./nodes.js";
import type { Meanings } from "./meanings.js";
import { projectDiagnostics, type CheckedProject } from "./program.js";
import { changeOf, type FoundItem, type MigrateItem } from "./types.js";

// tsc's "Object literal may only specify known properties, and 'x' does not exist in type 'T'."
const EXCESS_PROPERTY = 2353;

/** Every item of the project, all at once: the compiler's errors, the excess keys it has not reported yet, the changed literals. */
export function findItems(checked: CheckedProject, meanings: Meanings, explainer: Explainer): MigrateItem[] {
  const diagnostics = projectDiagnostics(checked);
  const findings = [...diagnostics.map((d) => diagnosticItem(checked, d)), ...keyItems(checked, diagnostics), ...literalItems(checked, meanings)];
  const taken = new Set<string>();
  const items: MigrateItem[] = [];
  for (const finding of findings.sort(compareFound)) {
    const where = `${finding.file}:${finding.line}:${finding.column}`;
    // A literal where the compiler already reports (a removed method's handler key) is that error.
    if (finding.kind === "literal" && taken.has(where)) continue;
    taken.add(where);
    const entry = finding.entry !== undefined ? finding.entry : finding.subject ? explainer.explain(finding.subject) : null;
    items.push({ file: finding.file, line: finding.line, column: finding.column, kind: finding.kind, message: finding.message, change: entry ? changeOf(entry) : null });
  }
  return items;
}

function compareFound(a: FoundItem, b: FoundItem): number {
  const kinds = ["type-error", "literal"];
  return byText(a.file, b.file) || a.line - b.line || a.column - b.column || kinds.indexOf(a.kind) - kinds.indexOf(b.kind) || byText(a.message, b.message);
}

function place(checked: CheckedProject, file: TypeScript.SourceFile, start: number): Pick<FoundItem, "file" | "line" | "column"> {
  const { line, character } = file.getLineAndCharacterOfPosition(start);
  return { file: relative(checked.root, file.fileName).split(sep).join("/"), line: line + 1, column: character + 1 };
}

function diagnosticItem(checked: CheckedProject, diagnostic: TypeScript.Diagnostic): FoundItem {
  const message = checked.ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n");
  const subject = subjectOf(diagnostic.messageText, diagnostic.code);
  if (!diagnostic.file) return { file: "", line: 0, column: 0, kind: "type-error", message, subject };
  return { ...place(checked, diagnostic.file, diagnostic.start ?? 0), kind: "type-error", message, subject: subjectAt(checked.ts, diagnostic.file, diagnostic, subject) };
}

/** Excess keys, minus those tsc reports itself (the first of an object whose other keys are right). */
function keyItems(checked: CheckedProject, diagnostics: TypeScript.Diagnostic[]): FoundItem[] {
  const reported = new Set(diagnostics.filter((d) => d.code === EXCESS_PROPERTY && d.file).map((d) => `${d.file!.fileName}:${d.start}`));
  return excessKeys(checked)
    .filter((k) => !reported.has(`${k.file.fileName}:${k.node.getStart(k.file)}`))
    .map((k) => ({
      ...place(checked, k.file, k.node.getStart(k.file)),
      kind: "type-error" as const,
      message: `Object literal may only specify known properties, and '${/^[A-Za-z_$][\w$]*$/.test(k.key) ? k.key : JSON.stringify(k.key)}' does not exist in type '${k.type}'.`,
      subject: { names: [k.key], context: [k.key, k.type.replace(/<.*$/, "")] },
    }));
}

function literalItems(checked: CheckedProject, meanings: Meanings): FoundItem[] {
  return changedLiterals(checked, meanings).map((l) => ({
    ...place(checked, l.file, l.node.getStart(l.file)),
    kind: "literal" as const,
    message: l.meaning.message,
    entry: l.meaning.entry,
  }));
}
