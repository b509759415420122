import { mkdtempSync, readdirSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db/client.ts";
import { parseEnv } from "../env.ts";
import { createMailer } from "../modules/mail/mailer.ts";

/** Every entry under `dir` with its permission bits, e.g. `pglite/base/1 600`. */
function modes(dir: string): { entry: string; mode: number; directory: boolean }[] {
  const out: { entry: string; mode: number; directory: boolean }[] = [];
  const walk = (current: string) => {
    const stat = statSync(current);
    out.push({ entry: path.relative(dir, current) || ".", mode: stat.mode & 0o777, directory: stat.isDirectory() });
    if (stat.isDirectory()) for (const name of readdirSync(current)) walk(path.join(current, name));
  };
  walk(dir);
  return out;
}

function expectPrivate(dir: string): void {
  const found = modes(dir);
  expect(found.length).toBeGreaterThan(1);
  const loose = found.filter((f) => f.mode !== (f.directory ? 0o700 : 0o600));
  expect(loose.map((f) => `${f.entry} ${f.mode.toString(8)}`)).toEqual([]);
}

let previousUmask: number;
beforeAll(() => {
  // The permissive umask of many hosts and containers: files would be 0644 and folders 0755.
  previousUmask = process.umask(0o022);
});
afterAll(() => {
  process.umask(previousUmask);
});

describe("files under DATA_DIR are the owner's only", () => {
  it("the embedded database: folders 0700, files 0600, after migrating and closing", async () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), "kbt-data-")), "data");
    const database = await openDatabase({ dataDir });
    await database.migrate();
    expectPrivate(dataDir);
    await database.close();
    expectPrivate(dataDir);
  }, 120_000);

  it("the development outbox: the folder 0700, .eml and .json 0600", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "kbt-data-"));
    const outboxDir = path.join(dataDir, "outbox");
    const mailer = createMailer({ from: "x <x@example.test>", outboxDir });
    await mailer.deliver({ to: "anna@example.test", subject: "Hej", text: "hej", html: "<p>hej</p>" });
    mailer.close();
    expect(readdirSync(outboxDir).map((n) => path.extname(n)).sort()).toEqual([".eml", ".json"]);
    expectPrivate(outboxDir);
  });

  it("the development secrets: DATA_DIR 0700, the file 0600", () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), "kbt-data-")), "fresh");
    parseEnv({ NODE_ENV: "development", DATA_DIR: dataDir });
    expectPrivate(dataDir);
  });
});
