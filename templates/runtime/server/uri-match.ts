// The matcher behind URI templates (uri-template.ts): a backtracking matcher that remembers
// where it has failed. It tries alternatives in the order a regular expression would (so it
// finds the same match, with the same captures, as the `^…$` RegExp the pattern stands for), but
// it never explores the same (instruction, position) twice: once explored without reaching the
// end, that state cannot lead to a match, whatever was captured on the way. The work is
// therefore at most instructions × (input length + 1) steps, linear in the URI, where JavaScript's
// RegExp backtracks polynomially on `{+a}/{+b}/{+c}` (O(n³)) or `{a}{b}` (O(n²)).

type Instruction =
  | { op: "text"; text: string }
  /** One UTF-16 code unit in `set` (or, negated, outside it), as a RegExp class without the `u` flag. */
  | { op: "char"; set: string; negated: boolean }
  /** Try `first`, and only when nothing matches from there, `second`. */
  | { op: "fork"; first: number; second: number }
  | { op: "goto"; to: number }
  | { op: "save"; slot: number }
  /** Succeeds only at the end of the input. */
  | { op: "end" };

export interface MatchResult {
  /** The groups' values (undefined: the group took no part), or undefined when the input does not match. */
  groups: Array<string | undefined> | undefined;
  /** The (instruction, position) states explored: at most `size × (input length + 1)`. */
  steps: number;
}

export interface Pattern {
  /** Its number of instructions. */
  readonly size: number;
  readonly groups: number;
  run(input: string): MatchResult;
}

/** Builds a pattern piece by piece, in the order the input is read. */
export class PatternBuilder {
  readonly #code: Instruction[] = [];
  #groups = 0;

  text(text: string): this {
    if (text) this.#code.push({ op: "text", text });
    return this;
  }

  /** One character of `set`. */
  oneOf(set: string): this {
    this.#code.push({ op: "char", set, negated: false });
    return this;
  }

  /** One or more characters outside `excluded`; lazy takes as few as the rest allows. */
  someNotIn(excluded: string, lazy: boolean): this {
    const loop = this.#code.length;
    this.#code.push({ op: "char", set: excluded, negated: true });
    const at = this.#code.length;
    this.#code.push(lazy ? { op: "fork", first: at + 1, second: loop } : { op: "fork", first: loop, second: at + 1 });
    return this;
  }

  /** Zero or more characters outside `excluded`; lazy takes as few as the rest allows. */
  anyNotIn(excluded: string, lazy: boolean): this {
    const fork = this.#code.length;
    this.#code.push({ op: "fork", first: -1, second: -1 });
    this.#code.push({ op: "char", set: excluded, negated: true }, { op: "goto", to: fork });
    const after = this.#code.length;
    this.#code[fork] = lazy ? { op: "fork", first: after, second: fork + 1 } : { op: "fork", first: fork + 1, second: after };
    return this;
  }

  /** `body` if it can be matched (preferred), else nothing: a greedy `(?:…)?`. */
  optional(body: (b: this) => void): this {
    const fork = this.#code.length;
    this.#code.push({ op: "fork", first: fork + 1, second: -1 });
    body(this);
    this.#code[fork] = { op: "fork", first: fork + 1, second: this.#code.length };
    return this;
  }

  /** A capture group around `body`; groups are numbered from 0 in the order they open. */
  capture(body: (b: this) => void): this {
    const group = this.#groups++;
    this.#code.push({ op: "save", slot: 2 * group });
    body(this);
    this.#code.push({ op: "save", slot: 2 * group + 1 });
    return this;
  }

  /** The pattern, anchored at both ends. */
  build(): Pattern {
    const code: readonly Instruction[] = [...this.#code, { op: "end" }];
    const groups = this.#groups;
    return { size: code.length, groups, run: (input) => run(code, groups, input) };
  }
}

/** A saved slot's previous value, put back when the search returns past the `save`. */
interface Restore {
  slot: number;
  value: number;
}
interface Thread {
  pc: number;
  at: number;
}

function run(code: readonly Instruction[], groups: number, input: string): MatchResult {
  const width = input.length + 1;
  const seen = new Uint32Array(Math.ceil((code.length * width) / 32));
  const slots = new Array<number>(2 * groups).fill(-1);
  const stack: Array<Thread | Restore> = [{ pc: 0, at: 0 }];
  let steps = 0;
  while (stack.length) {
    const top = stack.pop()!;
    if ("slot" in top) {
      slots[top.slot] = top.value;
      continue;
    }
    let { pc, at } = top;
    for (;;) {
      const state = pc * width + at;
      const bit = 1 << (state & 31);
      if (seen[state >>> 5]! & bit) break;
      seen[state >>> 5]! |= bit;
      steps++;
      const instruction = code[pc]!;
      if (instruction.op === "end") {
        if (at === input.length) return { groups: captured(input, slots, groups), steps };
        break;
      }
      if (instruction.op === "text") {
        if (!input.startsWith(instruction.text, at)) break;
        at += instruction.text.length;
        pc++;
      } else if (instruction.op === "char") {
        if (at >= input.length || instruction.set.includes(input[at]!) === instruction.negated) break;
        at++;
        pc++;
      } else if (instruction.op === "fork") {
        stack.push({ pc: instruction.second, at });
        pc = instruction.first;
      } else if (instruction.op === "goto") {
        pc = instruction.to;
      } else {
        stack.push({ slot: instruction.slot, value: slots[instruction.slot]! });
        slots[instruction.slot] = at;
        pc++;
      }
    }
  }
  return { groups: undefined, steps };
}

function captured(input: string, slots: readonly number[], groups: number): Array<string | undefined> {
  const out: Array<string | undefined> = [];
  for (let group = 0; group < groups; group++) {
    const start = slots[2 * group]!;
    const end = slots[2 * group + 1]!;
    out.push(start === -1 || end === -1 ? undefined : input.slice(start, end));
  }
  return out;
}
