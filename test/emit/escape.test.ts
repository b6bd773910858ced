// The escaping functions of src/emit/escape.ts, judged by the JavaScript parser itself: whatever
// the text, code built with them evaluates to what it would without the text.
import { describe, expect, it } from "vitest";
import { blockComment, lineComment, stringLiteral, templateLiteral } from "../../src/emit/escape.js";

const NASTY = ["\n", "\r", "\r\n", "\u2028", "\u2029", "\u0085", "*/", "/*", "//", "${", "}", "`", '"', "'", "\\", "\\u2028", "\u0000", "\u001b[2J", "\u009b", "-->", "<!--", "1;throw 1;"];
const samples = [...NASTY, NASTY.join(""), NASTY.join("x"), "café", "plain"];

describe("each context's escape keeps any text in that context", () => {
  it.each(samples.map((s) => [JSON.stringify(s), s]))("%s", (_label, text) => {
    expect(new Function(`// ${lineComment(text)}\nreturn 1;`)()).toBe(1);
    expect(new Function(`/* ${blockComment(text)} */ return 1;`)()).toBe(1);
    expect(new Function(`/** ${blockComment(text)} */ return 1;`)()).toBe(1);
    expect(new Function(`return ${stringLiteral(text)};`)()).toBe(text);
    expect(new Function(`return \`${templateLiteral(text)}\`;`)()).toBe(text);
    // Nothing a terminal acts on (C0/C1 controls, line separators) is left in a comment.
    expect(lineComment(text)).not.toMatch(/[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u2028\u2029]/);
  });
});
