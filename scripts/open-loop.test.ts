import http from "node:http";
import type { AddressInfo } from "node:net";
import autocannon from "autocannon";
import { afterEach, describe, expect, it } from "vitest";
import { openLoop, quantile } from "./open-loop.ts";

let server: http.Server | undefined;

/** A loopback server that records when each request arrived and answers as `answer` says. */
async function start(
  answer: (request: http.IncomingMessage, response: http.ServerResponse) => void,
) {
  const arrivals: number[] = [];
  server = http.createServer((request, response) => {
    arrivals.push(performance.now());
    answer(request, response);
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/page?x=1`, arrivals };
}

/**
 * How far ahead of an even schedule (request k due at `startedAt + k × interval`) the requests
 * arrived, in ms: the most by which the k-th arrival came before the k-th due time. At most 0 when
 * no request was sent before its due time (of k + 1 requests, one is due at k × interval or later).
 */
function aheadOfSchedule(arrivals: number[], startedAt: number, interval: number): number {
  const sorted = [...arrivals].sort((a, b) => a - b);
  return Math.max(...sorted.map((t, k) => startedAt + k * interval - t));
}

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

describe("quantile", () => {
  it("takes the nearest rank", () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(quantile(values, 0.5)).toBe(50);
    expect(quantile(values, 0.99)).toBe(99);
    expect(quantile(values, 1)).toBe(100);
    expect(quantile([7], 0.99)).toBe(7);
    expect(quantile([], 0.99)).toBeNaN();
  });
});

describe("openLoop", () => {
  it("spreads the requests evenly over each second instead of sending them in a burst", async () => {
    const { url, arrivals } = await start((_request, response) => response.end("ok"));
    const startedAt = performance.now();
    const result = await openLoop({ url, rate: 200, duration: 1.5 });
    expect(result).toMatchObject({ sent: 300, answered: 300, ok: 300, non2xx: 0, errors: 0 });
    // Request k is due 5 ms × k after the start and is never sent before it: the k-th arrival
    // (in order of arrival) comes no earlier than that. autocannon's overallRate sends all 200 of
    // a second within its first tens of milliseconds, hundreds of milliseconds ahead of this
    // schedule (the last test). A test worker starved of CPU only makes arrivals later, so this
    // holds on a loaded machine too, where a bound on the spacing of arrivals would not.
    // (So the last of the 300 arrives 1,495 ms or more after the start: they are spread over the
    // whole run. A bound on the time between the first and the last arrival would not hold when
    // the first one is held up by a stall.)
    expect(aheadOfSchedule(arrivals, startedAt, 5)).toBeLessThanOrEqual(0);
    expect(arrivals.at(-1)! - startedAt).toBeGreaterThanOrEqual(1495);
    expect(result.rps).toBeLessThan(220);
  });

  it("measures a steady server's latency as it is", async () => {
    const { url } = await start((_request, response) => setTimeout(() => response.end("ok"), 10));
    const result = await openLoop({ url, rate: 100, duration: 1 });
    expect(result.ok).toBe(100);
    expect(result.p50).toBeGreaterThanOrEqual(10);
    // About 10 ms, and on a machine loaded by other test files (a load of 10 on two cores) up to
    // about 90: far from the hundreds of milliseconds that measuring from the wrong moment (the
    // start of the run, or of the second) would give, which is what this guards against.
    expect(result.p50).toBeLessThan(150);
    expect(result.p99).toBeLessThan(500);
  });

  it("counts a request's wait from when it was due: a server slower than the rate shows its queue", async () => {
    // One connection, 30 ms an answer: at most about 33 a second, asked for 100 a second.
    const { url } = await start((_request, response) => setTimeout(() => response.end("ok"), 30));
    const result = await openLoop({ url, rate: 100, duration: 1, connections: 1 });
    expect(result.ok).toBe(100);
    // Measured from the moment each was sent, every latency would be about 30 ms; from when it
    // was due, the last ones have waited for the 60-odd before them.
    expect(result.p99).toBeGreaterThan(1000);
    expect(result.max).toBeGreaterThan(1500);
  });

  it("sends the headers and the query, and counts other statuses apart from the latencies", async () => {
    const seen: { cookie?: string; url?: string }[] = [];
    const { url } = await start((request, response) => {
      seen.push({ cookie: request.headers.cookie, url: request.url });
      response.statusCode = 503;
      response.end("busy");
    });
    const result = await openLoop({ url, rate: 50, duration: 0.4, headers: { cookie: "sid=abc" } });
    expect(result).toMatchObject({ sent: 20, answered: 20, ok: 0, non2xx: 20, errors: 0 });
    expect(result.p99).toBeNaN();
    expect(seen[0]).toEqual({ cookie: "sid=abc", url: "/page?x=1" });
  });

  it("counts a refused connection as an error", async () => {
    const { url } = await start((_request, response) => response.end("ok"));
    server!.close();
    server!.closeAllConnections();
    await new Promise((resolve) => setTimeout(resolve, 20));
    server = undefined;
    const result = await openLoop({ url, rate: 50, duration: 0.2 });
    expect(result).toMatchObject({ sent: 10, answered: 0, ok: 0, errors: 10 });
  });

  it("is why the bench does not take autocannon's overallRate as the fixed rate: it sends each second's requests in a burst", async () => {
    // If autocannon spreads them one day (its open issue #174), this fails: look at the bench's
    // fixed-rate measurement again.
    const { url, arrivals } = await start((_request, response) =>
      setTimeout(() => response.end("ok"), 2),
    );
    const startedAt = performance.now();
    await autocannon({ url, overallRate: 200, connections: 20, duration: 1 });
    const firstSecond = arrivals.filter((t) => t - startedAt < 1000);
    expect(firstSecond.length).toBeGreaterThanOrEqual(150);
    // Far ahead of an even schedule (request k due 5 ms × k after the start), where the open-loop
    // generator never is (the first test). (This checks only when requests arrive: comparing the
    // two tools' p99 here, as this test once did, compared two timings on a shared machine and
    // failed in CI; the bench's figures are in docs/benchmarks.md.)
    expect(aheadOfSchedule(firstSecond, startedAt, 5)).toBeGreaterThan(200);
  });

  it("refuses a rate or a duration that is not positive", async () => {
    await expect(openLoop({ url: "http://127.0.0.1:1/", rate: 0, duration: 1 })).rejects.toThrow(
      /positive/,
    );
    await expect(openLoop({ url: "http://127.0.0.1:1/", rate: 10, duration: -1 })).rejects.toThrow(
      /positive/,
    );
  });
});
