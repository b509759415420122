import { createRequire } from "node:module";
import { writeFileSync } from "node:fs";
import path from "node:path";

/**
 * Writes server/modules/accounts/common-passwords.txt: the 10,000 most common passwords, one per
 * line, most common first, from zxcvbn's frequency list (MIT; compiled from public password
 * leak lists). The list is committed; this script documents how it was made.
 *
 *   npm install --prefix /tmp/pwl zxcvbn@4.4.2
 *   node scripts/generate-common-passwords.ts /tmp/pwl/node_modules/zxcvbn/lib/frequency_lists.js
 */
const source = process.argv[2];
if (!source) {
  console.error("usage: node scripts/generate-common-passwords.ts <zxcvbn/lib/frequency_lists.js>");
  process.exit(2);
}
const require = createRequire(import.meta.url);
const lists = require(path.resolve(source)) as { passwords: string[] };
const top = lists.passwords.slice(0, 10_000).map((p) => p.toLowerCase());
const target = path.join(import.meta.dirname, "..", "server", "modules", "accounts", "common-passwords.txt");
writeFileSync(target, `${top.join("\n")}\n`);
console.log(`wrote ${top.length} passwords to ${target}`);
