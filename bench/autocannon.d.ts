/** The part of autocannon 9's API (it ships no types) that bench/next.ts uses. */
declare module "autocannon" {
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
  }
  export interface Result {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    "2xx": number;
    /** Answers whose body `verifyBody` refused. */
    mismatches?: number;
    latency: Histogram;
    requests: Histogram & { total: number };
  }
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    /** A fixed number of requests (instead of `duration`). */
    amount?: number;
    /** Counts an answer whose body this refuses in `mismatches`. */
    verifyBody?: (body: string) => boolean;
  }
  export default function autocannon(options: Options): Promise<Result>;
}
