// autocannon ships no types: the few options and result fields the API bench uses, declared.
declare module "autocannon" {
  interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
  }
  interface Result {
    requests: { total: number };
    latency: { p50: number; p99: number; max: number };
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
  }
  export default function autocannon(opts: {
    url: string;
    connections: number;
    overallRate: number;
    duration: number;
    requests: { setupRequest: (req: Request) => Request }[];
  }): Promise<Result>;
}
