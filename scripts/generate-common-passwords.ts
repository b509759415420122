import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/**
 * Writes server/modules/accounts/common-passwords.txt: the 10,000 most common passwords, one a
 * line, most common first, lower case (NFKC), no header. The source is the `passwords` list of
 * zxcvbn's lib/frequency_lists.js (MIT), ordered by frequency. The list is committed; this script
 * documents how it was made, and zxcvbn is not a dependency of the project:
 *
 *   mkdir /tmp/pwlist && cd /tmp/pwlist && npm init -y && npm install zxcvbn@4.4.2
 *   node scripts/generate-common-passwords.ts /tmp/pwlist/node_modules/zxcvbn/lib/frequency_lists.js
 *
 * An optional second argument writes somewhere else (to compare with the committed file).
 */
const COUNT = 10_000;
const DEFAULT_TARGET = path.join(
  import.meta.dirname,
  "..",
  "server",
  "modules",
  "accounts",
  "common-passwords.txt",
);

/** The frequency-ordered password list of a zxcvbn-style frequency_lists.js (CommonJS). */
function readPasswords(source: string): string[] {
  const lists: unknown = createRequire(import.meta.url)(path.resolve(source));
  const passwords = (lists as { passwords?: unknown } | null)?.passwords;
  if (!Array.isArray(passwords) || !passwords.every((p) => typeof p === "string")) {
    throw new Error(`${source} exports no string array "passwords"`);
  }
  return passwords as string[];
}

/** The first `count` distinct passwords after NFKC, lower case and trimming, in the source's order. */
function topPasswords(passwords: readonly string[], count: number): string[] {
  const seen = new Set<string>();
  for (const password of passwords) {
    const folded = password.normalize("NFKC").toLowerCase().trim();
    if (folded !== "") seen.add(folded);
    if (seen.size === count) return [...seen];
  }
  throw new Error(`the source has only ${seen.size} distinct passwords, ${count} needed`);
}

function main(argv: readonly string[]): void {
  const [source, target = DEFAULT_TARGET] = argv;
  if (!source) {
    console.error(
      "usage: node scripts/generate-common-passwords.ts <zxcvbn/lib/frequency_lists.js> [output]",
    );
    process.exit(2);
  }
  const top = topPasswords(readPasswords(source), COUNT);
  writeFileSync(target, `${top.join("\n")}\n`);
  console.log(`wrote ${top.length} passwords to ${target}`);
}

main(process.argv.slice(2));
