/**
 * The intermediate model: a plain, JSON-serialisable description of one schema.ts.
 *
 * It is produced by `src/parse` (the only code that knows about ts-morph) and consumed by the
 * emitters and the diff. `typeof CONST` is replaced by the constant's literal, JSDoc
 * constraint tags are attached to the type nodes they constrain, and the integer convention
 * is already applied to every `number` node. An interface keeps only what it writes itself
 * (`own`) and its `heritage`: inheritance is flattened on demand (`model/shapes.ts`), so an
 * N-deep `extends` chain costs O(N) in the model, not O(N²).
 */

/** Where a declaration or property came from, for error messages and diff reports. */
export interface SourceLocation {
  file: string;
  line: number;
  column: number;
}

/** JSDoc carried over to generated code. */
export interface Doc {
  /** The description text (without tags); empty when the source has none. */
  text: string;
  /** Present when the source is `@deprecated`; holds the tag's message ("" when bare). */
  deprecated?: string;
  /** The source is tagged `@internal` (still generated: it is part of the schema's API). */
  internal?: boolean;
  /** `@see` lines, kept verbatim. */
  see?: string[];
}

export type LiteralValue = string | number | boolean | null;

/** A JSON Schema string format (`@format`). Unknown formats are kept but not enforced. */
export interface StringType {
  kind: "string";
  format?: string;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
}

export interface NumberType {
  kind: "number";
  /** Bare `number` is an integer under upstream's convention unless `@TJS-type number`. */
  integer: boolean;
  /**
   * With `integer`: every integral number, also beyond ±(2^53 − 1) (JSON Schema's `integer`, as
   * the JSON Schema front end reads it). Without it, an integer is a safe integer (schema.ts's
   * convention, `z.int()`).
   */
  largeIntegers?: true;
  minimum?: number;
  maximum?: number;
}

export interface BooleanType {
  kind: "boolean";
}

export interface NullType {
  kind: "null";
}

/** `unknown` or `any`: every JSON value. */
export interface UnknownType {
  kind: "unknown";
  /** The source said `any` (kept so the TS output stays equivalent). */
  any?: boolean;
}

/** `never`: no value. Only as the values of a map (`Record<string, never>`: the empty object, and nothing more). */
export interface NeverType {
  kind: "never";
}

/** TypeScript's `object` keyword: any JSON object. */
export interface NonPrimitiveType {
  kind: "nonPrimitive";
}

export interface LiteralType {
  kind: "literal";
  value: LiteralValue;
}

/** A reference to another declaration of the same model. */
export interface RefType {
  kind: "ref";
  name: string;
}

export interface ArrayType {
  kind: "array";
  items: TypeNode;
  minItems?: number;
  maxItems?: number;
}

export interface UnionType {
  kind: "union";
  members: TypeNode[];
}

export interface Property {
  name: string;
  optional: boolean;
  type: TypeNode;
  doc: Doc;
  /** Set for properties written in this declaration (not inherited); absent in inline objects. */
  location?: SourceLocation;
  /** Name of the declaration the property was inherited from, when it was not written here. */
  inheritedFrom?: string;
}

/**
 * An object shape. `indexSignature` is the type of values under keys that are not listed
 * in `properties`. Without an index signature the object is still open (TypeScript is
 * structural and upstream's schema.json never sets `additionalProperties: false`), so extra
 * keys are accepted and kept with any value.
 */
export interface ObjectType {
  kind: "object";
  properties: Property[];
  indexSignature?: TypeNode;
}

export type TypeNode =
  | StringType
  | NumberType
  | BooleanType
  | NullType
  | UnknownType
  | NeverType
  | NonPrimitiveType
  | LiteralType
  | RefType
  | ArrayType
  | UnionType
  | ObjectType;

/** One `extends` entry of an interface, kept for readable output. */
export interface Heritage {
  name: string;
  /** Keys removed with `Omit<name, …>`. */
  omit?: string[];
}

interface DeclarationBase {
  name: string;
  exported: boolean;
  doc: Doc;
  location: SourceLocation;
}

/**
 * `interface X extends … { … }`, or an alias `type X = A & { … }` that means the same (see
 * `intersectionAsExtension` in parse/declarations.ts). Its full shape (inherited properties first, in declaration
 * order; an override keeps the inherited position) is `flatShape(X)` in `model/shapes.ts`.
 */
export interface InterfaceDeclaration extends DeclarationBase {
  kind: "interface";
  heritage: Heritage[];
  /** The members written in this interface itself: its own properties and index signature. */
  own: ObjectType;
}

/** `type X = …`. */
export interface AliasDeclaration extends DeclarationBase {
  kind: "alias";
  type: TypeNode;
}

export type Declaration = InterfaceDeclaration | AliasDeclaration;

/** `export const X = <literal>`. */
export interface Constant {
  name: string;
  value: string | number | boolean;
  exported: boolean;
  doc: Doc;
  location: SourceLocation;
}

export interface SchemaModel {
  /** Bumped when the model's shape changes, so dumps and diffs can tell. */
  modelVersion: 2;
  source: {
    /** Revision label (e.g. `2026-07-28`, `draft`), or null for a schema given as a file. */
    revision: string | null;
    /** The schema file's name as given (for messages; not part of generated output). */
    file: string;
    sha256: string;
  };
  /** Declarations in source order (an extension's: its own only; the core's it names are referred to). */
  declarations: Declaration[];
  constants: Constant[];
  /** Set for an extension's schema (SEP-2133): its identifier and the core revision its imports bind to. */
  extension?: ExtensionFacet;
}

export interface ExtensionFacet {
  /** The extension identifier, `vendor/name` (`io.modelcontextprotocol/tasks`). */
  id: string;
  /** The core revision its imports bind to. */
  core: { revision: string | null; sha256: string };
  /** Its imports: each local name and the core declaration it names. */
  imports: Array<{ local: string; name: string }>;
}
