import http from "node:http";

/**
 * A load generator at a fixed open-loop rate, for the bench's p99 budgets.
 *
 * autocannon's `overallRate` is not open loop: each connection sends its share of a second's
 * requests back to back at the start of the second and then waits for the next one (autocannon's
 * open issue #174, "Request delay"), so a page asked for at 200 a second arrives as 200 requests in
 * the first tens of milliseconds of each second, queued behind each other. And its correction for
 * coordinated omission takes the expected interval as `Math.ceil(1 / rate)` ms with `rate` in
 * requests a second (1 ms instead of 1000 / rate), so every response slower than 1 ms is
 * recorded again at every millisecond below it. Both make a server look slower than it is at that
 * rate (a server that answers in 2 ms shows a p99 of 14 ms).
 *
 * Here request i is due at `start + i × 1000 / rate` ms, whatever happened to the ones before it,
 * and its latency is measured from that due time to the end of its response: a request that waits
 * for a free connection, or for the generator itself, counts its wait (the same correction wrk2
 * makes, done where it belongs). Connections are kept alive and bounded (`connections`); when all
 * are busy, requests queue and their latency grows, as an open-loop client's would.
 */

export interface OpenLoopOptions {
  url: string;
  headers?: Record<string, string>;
  /** Requests a second. */
  rate: number;
  /** Seconds of sending. */
  duration: number;
  /** Keep-alive connections at most (default 20). */
  connections?: number;
  /** A request not answered within this many ms counts as an error (default 10,000). */
  timeoutMs?: number;
}

export interface OpenLoopResult {
  /** Requests sent (as due), answered, answered with a 2xx status. */
  sent: number;
  answered: number;
  ok: number;
  /** Answers with another status, and requests that failed or timed out. */
  non2xx: number;
  errors: number;
  /** Answered requests a second over the time from the first due time to the last answer. */
  rps: number;
  /** Latency from each request's due time to the end of its response, in ms (2xx only). */
  p50: number;
  p99: number;
  max: number;
  /** How late the generator sent requests after their due time, p99 in ms (its own lag). */
  sendLagP99: number;
}

/** The q-quantile (0..1) of sorted values, nearest rank. */
export function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil(q * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

export async function openLoop(options: OpenLoopOptions): Promise<OpenLoopResult> {
  if (!(options.rate > 0) || !(options.duration > 0))
    throw new Error("openLoop: rate and duration must be positive");
  const target = new URL(options.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections ?? 20 });
  const interval = 1000 / options.rate;
  const total = Math.round(options.rate * options.duration);
  const timeoutMs = options.timeoutMs ?? 10_000;
  const latencies: number[] = [];
  const lags: number[] = [];
  let answered = 0;
  let non2xx = 0;
  let errors = 0;
  let lastAnswer = 0;

  const send = (due: number) =>
    new Promise<void>((resolve) => {
      lags.push(performance.now() - due);
      const request = http.request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          path: target.pathname + target.search,
          method: "GET",
          headers: options.headers,
          timeout: timeoutMs,
        },
        (response) => {
          response.on("data", () => {});
          response.on("end", () => {
            const now = performance.now();
            lastAnswer = now;
            answered++;
            const status = response.statusCode ?? 0;
            if (status >= 200 && status < 300) latencies.push(now - due);
            else non2xx++;
            resolve();
          });
          response.on("error", () => {
            errors++;
            resolve();
          });
        },
      );
      request.on("timeout", () => request.destroy(new Error("timeout")));
      request.on("error", () => {
        errors++;
        resolve();
      });
      request.end();
    });

  const inFlight: Promise<void>[] = [];
  const start = performance.now() + 5;
  let next = 0;
  await new Promise<void>((done) => {
    const tick = () => {
      const now = performance.now();
      while (next < total && start + next * interval <= now) {
        inFlight.push(send(start + next * interval));
        next++;
      }
      if (next >= total) return done();
      setTimeout(tick, Math.max(0, start + next * interval - performance.now()));
    };
    setTimeout(tick, 5);
  });
  await Promise.all(inFlight);
  agent.destroy();

  latencies.sort((a, b) => a - b);
  lags.sort((a, b) => a - b);
  return {
    sent: total,
    answered,
    ok: latencies.length,
    non2xx,
    errors,
    rps: answered / (((lastAnswer || performance.now()) - start) / 1000),
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    max: latencies.at(-1) ?? Number.NaN,
    sendLagP99: quantile(lags, 0.99),
  };
}
