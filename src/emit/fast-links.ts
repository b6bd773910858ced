import type { Link } from "../model/links.js";
import { flatShape, shapeContext } from "../model/shapes.js";
import type { InterfaceDeclaration } from "../model/types.js";
import type { FastContext } from "./fast-context.js";
import { checkedProperty, constant, fastName, objectBody, propertyLines, unlessSkipped } from "./fast-nodes.js";

// Fast validators of interfaces deep in a chain of extensions (model/links.ts). Such a validator
// calls its bases' validators and then checks its own properties, so an N-deep chain is O(N)
// code. A base must not check the keys its heir omits (`Omit<Base, "k">`) or replaces (an
// override): the heir passes them down as `skip`, merged with the keys its own heirs left to it,
// and each validator leaves the skipped keys alone. Every check of a key happens exactly where
// the full shape has it, so the verdict is the flattened one.

/** What linked validators need to know of the whole model. */
export interface LinkPlan {
  links: ReadonlyMap<string, Link>;
  /** Keys some heir omits or replaces: only their checks test `skip`. */
  skippable: Set<string>;
  /** Interfaces that are not linked themselves but are a linked one's base: they get a `X$skip` variant. */
  unlinkedBases: Set<string>;
}

export function linkPlan(links: ReadonlyMap<string, Link>): LinkPlan {
  const skippable = new Set<string>();
  const unlinkedBases = new Set<string>();
  for (const link of links.values()) {
    for (const base of link.bases) {
      for (const key of [...base.omit, ...base.replaced]) skippable.add(key);
      if (!links.has(base.name)) unlinkedBases.add(base.name);
    }
  }
  return { links, skippable, unlinkedBases };
}

/** The validator a linked interface's base is called through, with `skip`. */
function baseValidator(base: string, plan: LinkPlan): string {
  return plan.unlinkedBases.has(base) ? `${fastName(base)}skip` : fastName(base);
}

/**
 * `X$(v, skip?)` of a linked interface: each base's validator (its object test included), told
 * which keys to leave, then the interface's own properties. When no heir anywhere skips a key,
 * `skip` is never set and the plain form is emitted.
 */
export function linkedFunction(name: string, link: Link, ctx: FastContext, plan: LinkPlan): string {
  const skipping = plan.skippable.size > 0;
  const lines = link.bases.map((base) => {
    if (!skipping) return `if (!${fastName(base.name)}(v)) return false;`;
    const local = [...base.omit, ...base.replaced];
    const skip = local.length ? `rt.skipping(skip, ${constant(ctx, `${name}$keys`, `new Set${ctx.marks.typeOnly("<string>")}(${JSON.stringify(local)})`)})` : "skip";
    return `if (!${baseValidator(base.name, plan)}(v, ${skip})) return false;`;
  });
  if (link.own.some((property) => !(property.name in Object.prototype))) lines.push('const p = v["__proto__"] === rt.OP;');
  link.own.forEach((property, i) => lines.push(...unlessSkipped(property.name, propertyLines(checkedProperty(property, i, ctx, name)), plan.skippable)));
  lines.push("return true;");
  const parameters: Array<[string, string]> = skipping ? [["v", ": any"], ["skip", "?: ReadonlySet<string>"]] : [["v", ": any"]];
  return `${ctx.marks.signature(fastName(name), parameters)}\n${lines.map((line) => `  ${line}`).join("\n")}\n}`;
}

/**
 * `X$skip(v, skip?)` of an interface that is a linked one's base without being linked itself:
 * its flattened check (bounded: it is at most LINK_DEPTH levels deep) leaving the skipped keys.
 */
export function skipVariant(declaration: InterfaceDeclaration, ctx: FastContext, plan: LinkPlan): string | undefined {
  if (!plan.unlinkedBases.has(declaration.name) || plan.skippable.size === 0) return undefined;
  const shape = flatShape(declaration, shapeContext(ctx.byName));
  const body = ["if (skip === undefined) return " + `${fastName(declaration.name)}(v);`, ...objectBody(shape, ctx, `${declaration.name}$skip`, plan.skippable)];
  return `${ctx.marks.signature(`${fastName(declaration.name)}skip`, [["v", ": any"], ["skip", "?: ReadonlySet<string>"]])}\n${body.map((line) => `  ${line}`).join("\n")}\n}`;
}
