import { maskSecret, newCsrfSecret } from "../lib/csrf-token.ts";

/**
 * A login flood from one address, in its own process so that the test measuring other people's
 * requests is not slowed by the flood's own client work. Usage:
 *   node server/testing/flood.ts <base url> <count> <forwarded ip>
 * Sends <count> simultaneous logins with long wrong passwords and prints `FLOOD {statuses}`.
 */
const [url, countArg, ip] = process.argv.slice(2);
if (!url || !countArg || !ip) throw new Error("usage: flood.ts <url> <count> <ip>");
const count = Number(countArg);
const csrf = newCsrfSecret();
const statuses: Record<string, number> = {};
process.stdout.write("STARTED\n");
await Promise.all(
  Array.from({ length: count }, async (_, i) => {
    try {
      const response = await fetch(`${url}/api/v1/login/email`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-forwarded-for": ip,
          cookie: `csrftoken=${csrf}`,
          "x-csrftoken": maskSecret(csrf),
        },
        body: JSON.stringify({ email: `flood-${i}@example.test`, password: `${"lång gissning ".repeat(70)}${i}` }),
        signal: AbortSignal.timeout(60_000),
      });
      await response.arrayBuffer();
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    } catch {
      statuses.error = (statuses.error ?? 0) + 1;
    }
  }),
);
process.stdout.write(`FLOOD ${JSON.stringify(statuses)}\n`);
