// Type-level assertion helpers for the generated code's type tests (compiled by test/spec/types.test.ts).
export type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
export type Assert<T extends true> = T;
export type Extends<A, B> = [A] extends [B] ? true : false;
/** Mutually assignable: for types declared apart (generated vs spec) that must mean the same. */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
