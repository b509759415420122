/**
 * A "this device" order survives the trip to the BankID app and back: on phones the app opens
 * our return URL (home with `?bankid=…`), which may be a fresh page. The handle and autostart
 * token (nothing personal) stay in sessionStorage, in this tab only, until the order ends.
 */
const KEY = "bankid-order";

export interface PendingOrder {
  order: string;
  autoStartToken: string;
}

export function savePendingOrder(value: PendingOrder): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(value));
  } catch {
    // Storage may be unavailable (private mode): the dialog keeps polling as long as it is open.
  }
}

export function readPendingOrder(): PendingOrder | null {
  try {
    const parsed = JSON.parse(sessionStorage.getItem(KEY) ?? "null") as Partial<PendingOrder> | null;
    return typeof parsed?.order === "string" && typeof parsed.autoStartToken === "string"
      ? { order: parsed.order, autoStartToken: parsed.autoStartToken }
      : null;
  } catch {
    return null;
  }
}

export function clearPendingOrder(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing stored
  }
}
