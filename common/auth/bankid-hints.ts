/**
 * BankID hint codes → message keys (`bankid.hints.*`), following BankID's recommended user
 * messages (RFA1–RFA23). Some depend on whether BankID runs on this device or another one.
 */
const PENDING: Record<string, string> = {
  outstandingTransaction: "outstandingTransaction",
  noClient: "noClient",
  started: "started",
  userSign: "userSign",
  userMrtd: "userMrtd",
  userCallConfirm: "userCallConfirm",
};

const FAILED: Record<string, string> = {
  expiredTransaction: "expiredTransaction",
  certificateErr: "certificateErr",
  userCancel: "userCancel",
  cancelled: "cancelled",
  startFailed: "startFailed",
  userDeclinedCall: "userDeclinedCall",
  notSupportedByUserApp: "notSupportedByUserApp",
  transactionRiskBlocked: "transactionRiskBlocked",
  noAccount: "noAccount",
};

const BY_DEVICE = new Set(["outstandingTransaction", "started", "startFailed"]);

export function bankidHintKey(status: "pending" | "failed", hintCode: string | null, device: "same" | "other"): string {
  const known = (status === "pending" ? PENDING : FAILED)[hintCode ?? ""];
  if (!known) return status === "pending" ? "bankid.hints.pending" : "bankid.hints.failed";
  return BY_DEVICE.has(known) ? `bankid.hints.${known}${device === "same" ? "Same" : "Other"}` : `bankid.hints.${known}`;
}

/** Every key the function can answer (a test checks each exists in all four languages). */
export function allBankidHintKeys(): string[] {
  const keys = new Set<string>(["bankid.hints.pending", "bankid.hints.failed"]);
  for (const code of [...Object.keys(PENDING), ...Object.keys(FAILED)]) {
    for (const status of ["pending", "failed"] as const) {
      for (const device of ["same", "other"] as const) keys.add(bankidHintKey(status, code, device));
    }
  }
  return [...keys];
}
