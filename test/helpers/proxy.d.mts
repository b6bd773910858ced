export interface Proxy {
  url: string;
  /** Requests answered per upstream. */
  counts: number[];
  /** Every request answered: its HTTP method and the upstream that answered it. */
  log: Array<{ method: string; upstream: number }>;
  close(): Promise<void>;
}
export const UPSTREAM_HEADER: string;
export function startProxy(upstreams: string[]): Promise<Proxy>;
