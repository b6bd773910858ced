// The part of oidc-provider (which ships no types) that test/helpers/oidc.ts uses.
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";
  export default class Provider {
    constructor(issuer: string, configuration: object);
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
    static errors: { InvalidTarget: new (description?: string) => Error };
  }
}
