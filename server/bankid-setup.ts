import type { Clock } from "./lib/clock.ts";
import type { Db } from "./db/client.ts";
import type { Env } from "./env.ts";
import { createRpClient, readRpTls, type BankIdRpClient } from "./modules/bankid/rp-client.ts";
import { startBankIdSimulator } from "./plugins/bankid-simulator-server.ts";

/**
 * The RP client of this process: against BankID (mutual TLS, BANKID_* settings) or against the
 * simulator, which then runs on loopback in this process. Either way the same client code runs.
 */
export async function bankidClientFor(
  env: Env,
  deps: { db: Db; clock: Clock },
): Promise<{ client: BankIdRpClient; close(): Promise<void> }> {
  if (env.BANKID_MODE === "live") {
    const { BANKID_BASE_URL, BANKID_PFX_PATH, BANKID_PFX_PASSPHRASE, BANKID_CA_PATH } = env;
    if (!BANKID_BASE_URL || !BANKID_PFX_PATH || BANKID_PFX_PASSPHRASE === undefined || !BANKID_CA_PATH) {
      throw new Error("BANKID_MODE=live needs BANKID_BASE_URL, BANKID_PFX_PATH, BANKID_PFX_PASSPHRASE and BANKID_CA_PATH");
    }
    const client = createRpClient({
      baseUrl: BANKID_BASE_URL,
      timeoutMs: env.BANKID_TIMEOUT_MS,
      tls: () => readRpTls({ pfxPath: BANKID_PFX_PATH, passphrase: BANKID_PFX_PASSPHRASE, caPath: BANKID_CA_PATH }),
    });
    return { client, close: async () => undefined };
  }
  const simulator = await startBankIdSimulator(env, deps);
  const client = createRpClient({ baseUrl: simulator.baseUrl, timeoutMs: env.BANKID_TIMEOUT_MS });
  return { client, close: () => simulator.close() };
}
