import { GeneratorError } from "../errors.js";
import type { Facts } from "../model/analyze.js";
import type { Constant } from "../model/types.js";
import { jsDoc } from "./common.js";
import type { Emitter } from "./contract.js";

/**
 * The `PROTOCOL_VERSION` constants.ts adds: the schema's date-shaped constant. A schema that
 * declares `PROTOCOL_VERSION` itself keeps its own when it says the same; a different value is
 * ambiguous, an error at that constant.
 */
function generatedProtocolVersion({ model, protocolVersion }: Facts): string | undefined {
  const own = model.constants.find((c) => c.name === "PROTOCOL_VERSION");
  if (!own || protocolVersion === undefined) return protocolVersion;
  if (own.value === protocolVersion) return undefined;
  throw new GeneratorError(`the schema's PROTOCOL_VERSION (${JSON.stringify(own.value)}) disagrees with its protocol version ${JSON.stringify(protocolVersion)}, which mcp-gen exports under that name`, own.location);
}

export function constantDeclaration(constant: Constant): string {
  return `${jsDoc(constant.doc)}export const ${constant.name} = ${JSON.stringify(constant.value)};`;
}

/** constants.ts: the schema's constants, and its protocol version. */
export const emitConstants: Emitter = (facts, { render }) => {
  const protocolVersion = generatedProtocolVersion(facts);
  const content = render("constants.ts", {
    constants: facts.model.constants.map(constantDeclaration),
    protocolVersion: protocolVersion && JSON.stringify(protocolVersion),
  });
  return [{ path: "constants.ts", content }];
};
