// One escaping function per place generated code puts text it does not control (a server's
// serverInfo, a tool's description, a schema's title or file path): each returns text that stays
// inside that context whatever it holds. Handlebars' HTML escaping (off anyway: noEscape) knows
// nothing of JavaScript, so templates and emitters pass such values through these only.

/**
 * C0 (but tab) and C1 controls, DEL, and the line and paragraph separators: never needed verbatim in a
 * comment, and each may end a line comment (\n, \r, U+2028, U+2029) or fool a reader's terminal.
 */
const UNSAFE_IN_COMMENT = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u2028\u2029]/g;

const hex = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;

/** Text for a `// …` comment: one line whatever it holds (controls and line terminators shown as `\uXXXX`). */
export function lineComment(text: string): string {
  return String(text).replace(UNSAFE_IN_COMMENT, hex);
}

/**
 * One line of a block comment or JSDoc (`/* … *\/`, `/** … *\/`): `*\/` cannot close it, and no
 * line terminator or control survives (a multi-line doc is split on "\n" before this).
 */
export function blockComment(text: string): string {
  return lineComment(text).replace(/\*\//g, "*\\/");
}

/** A double-quoted string literal, valid in JavaScript and JSON alike (U+2028/2029 escaped too). */
export function stringLiteral(text: string): string {
  return JSON.stringify(String(text)).replace(/[\u2028\u2029]/g, hex);
}

/** The inside of a template literal (between the backticks): no `${`, backtick or backslash acts. */
export function templateLiteral(text: string): string {
  return String(text).replace(/[\\`]|\$\{/g, (m) => `\\${m}`).replace(/\r/g, "\\r").replace(/[\u2028\u2029]/g, hex);
}
