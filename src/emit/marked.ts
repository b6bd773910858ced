// Emitted TypeScript with its types marked, so that the JavaScript and the source of the
// declarations come from the emitter's own text, without parsing it again. A large file such as
// validators.ts is mostly private functions whose only types are `: any` and `: boolean`; TypeScript
// parsing it back to delete them was the larger part of a cold generation's transpile step.
// Marks are private-use characters that generated code never contains otherwise (checked).

const TYPE_OPEN = "\uE000";
const TYPE_CLOSE = "\uE001";
const PRIVATE_OPEN = "\uE002";
const PRIVATE_CLOSE = "\uE003";
const BODY_OPEN = "\uE004";
const BODY_CLOSE = "\uE005";
const UNDECLARED_OPEN = "\uE006";
const UNDECLARED_CLOSE = "\uE007";
const ANY_MARK = /[\uE000-\uE007]/g;

/**
 * The marks an emitter writes, counted so that the file can be checked for marks it did not
 * write (a schema's own text carrying one of these characters): such a file is emitted again
 * without marks, and transpiled by parsing it. Disabled marks return the text as it is.
 */
export class Marks {
  inserted = 0;
  private usable = true;
  constructor(readonly enabled: boolean) {}

  /** Text was written that these marks cannot describe: `split` gives nothing. */
  giveUp(): void {
    this.usable = false;
  }

  /** Text that is types only (an annotation, `as T`, type arguments): deleted from the JavaScript. */
  typeOnly(text: string): string {
    if (!this.enabled) return text;
    this.inserted += 2;
    return `${TYPE_OPEN}${text}${TYPE_CLOSE}`;
  }

  /**
   * A statement that no declaration can refer to (a private function or constant): left out of
   * the source the declarations are made from, with the line breaks before it, as declaration
   * emit drops it.
   */
  privateStatement(text: string): string {
    if (!this.enabled) return text;
    this.inserted += 2;
    return `${PRIVATE_OPEN}${text}${PRIVATE_CLOSE}`;
  }

  /**
   * An exported function, `export function name(params): result { body }`, with its types and
   * its body marked: its declaration is `export declare function name(params): result;`.
   */
  exportedFunction(name: string, parameters: Array<[name: string, type: string]>, result: string, body: string): string {
    const head = `export ${this.head(name, parameters, result)}`;
    if (!this.enabled) return `${head} {\n${body}\n}`;
    this.inserted += 2;
    return `${head}${BODY_OPEN} {\n${body}\n}${BODY_CLOSE}`;
  }

  /** Text that is in the JavaScript but in no declaration (an import only bodies use), with the line breaks before it. */
  undeclared(text: string): string {
    if (!this.enabled) return text;
    this.inserted += 2;
    return `${UNDECLARED_OPEN}${text}${UNDECLARED_CLOSE}`;
  }

  /** `function name(params): boolean {` with the parameters' and the result's types marked. */
  signature(name: string, parameters: Array<[name: string, type: string]>, result = ": boolean"): string {
    return `${this.head(name, parameters, result)} {`;
  }

  /** `function name(params): result`, its types marked. */
  private head(name: string, parameters: Array<[name: string, type: string]>, result: string): string {
    const list = parameters.map(([parameter, type]) => `${parameter}${this.typeOnly(type)}`).join(", ");
    return `function ${name}(${list})${this.typeOnly(result)}`;
  }

  /** The texts of `text`, written with these marks; undefined when it holds marks these did not write. */
  split(text: string): MarkedTexts | undefined {
    if (!this.enabled || !this.usable || (text.match(ANY_MARK)?.length ?? 0) !== this.inserted) return undefined;
    return splitMarked(text);
  }
}

/** `text` without marks: what a marked text reads as TypeScript. */
export function unmarked(text: string): string {
  return text.replace(ANY_MARK, "");
}

/** The texts of a marked file. */
export interface MarkedTexts {
  /** The TypeScript source, marks removed. */
  typescript: string;
  /** The TypeScript with every type-only text deleted. */
  javascript: string;
  /** The TypeScript without its private statements: what the declarations are made from. */
  declarationSource: string;
  /**
   * The declarations themselves (the `.d.ts`), when every exported function's body is marked
   * and nothing else but imports and private statements is in the file (the emitter's call).
   */
  declarations: string;
}

function splitMarked(text: string): MarkedTexts {
  const declarationSource = text.replace(/\n*\uE002[^\uE003]*\uE003/g, "");
  return {
    typescript: text.replace(ANY_MARK, ""),
    javascript: text.replace(/\uE000[^\uE001]*\uE001/g, "").replace(ANY_MARK, ""),
    declarationSource: declarationSource.replace(ANY_MARK, ""),
    // As declaration emit prints them: bodies become `;`, functions `declare`, statements end
    // with one line break.
    declarations: declarationSource
      .replace(/\n*\uE006[^\uE007]*\uE007/g, "")
      .replace(/^export function (.*)\uE004[^\uE005]*\uE005/gm, "export declare function $1;")
      .replace(ANY_MARK, "")
      .replace(/\n*$/, "\n"),
  };
}
