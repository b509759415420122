import { useCallback, useEffect, useRef, useState } from "react";
import {
  bankidStatusResponse,
  type BankIdDevice,
  type BankIdStartResponse,
} from "../../../common/schemas/bankid.ts";
import { browserApi } from "../../lib/api/browser-client.ts";
import { errorInfo, type ErrorInfo } from "../../lib/api/error-message.ts";
import { clearPendingOrder, readPendingOrder, savePendingOrder } from "./pending-order.ts";

export type BankIdState =
  | { phase: "idle" }
  | { phase: "starting"; device: BankIdDevice }
  | {
      phase: "pending";
      device: BankIdDevice;
      order: string;
      autoStartToken: string;
      qrData: string;
      hintCode: string | null;
    }
  | { phase: "failed"; device: BankIdDevice; hintCode: string | null }
  | { phase: "error"; device: BankIdDevice; error: ErrorInfo }
  | { phase: "complete"; device: BankIdDevice };

/** The QR code changes every second, so "another device" polls every second; otherwise every 2 s. */
const POLL_MS: Record<BankIdDevice, number> = { other: 1000, same: 2000 };

/**
 * One BankID order in the browser: start it (login or registration), poll /login/status until it
 * completes or fails, cancel it on request or when the dialog closes.
 */
export function useBankIdOrder(onComplete: () => Promise<void> | void) {
  const [state, setState] = useState<BankIdState>({ phase: "idle" });
  const pendingOrder = useRef<string | null>(null);
  const completeRef = useRef(onComplete);
  completeRef.current = onComplete;

  const start = useCallback(async (device: BankIdDevice, begin: () => Promise<BankIdStartResponse>) => {
    setState({ phase: "starting", device });
    try {
      const started = await begin();
      pendingOrder.current = started.order;
      if (device === "same") savePendingOrder({ order: started.order, autoStartToken: started.autoStartToken });
      setState({ phase: "pending", device, hintCode: "outstandingTransaction", ...started });
    } catch (error) {
      setState({ phase: "error", device, error: errorInfo(error) });
    }
  }, []);

  const order = state.phase === "pending" ? state.order : null;
  const device = state.phase === "pending" ? state.device : null;
  useEffect(() => {
    if (!order || !device) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      try {
        const api = browserApi();
        const answer = await api.post("/login/status", { order }, { schema: bankidStatusResponse });
        if (stopped) return;
        if (answer.status === "pending") {
          setState((current) =>
            current.phase === "pending" && current.order === order
              ? { ...current, hintCode: answer.hintCode, qrData: answer.qrData ?? current.qrData }
              : current,
          );
          timer = setTimeout(() => void poll(), POLL_MS[device]);
          return;
        }
        pendingOrder.current = null;
        clearPendingOrder();
        if (answer.status === "failed") {
          setState({ phase: "failed", device, hintCode: answer.hintCode });
          return;
        }
        // The server rotated the CSRF secret with the new session: fetch a fresh token next time.
        api.options.csrf.set(null);
        setState({ phase: "complete", device });
        await completeRef.current();
      } catch (error) {
        if (stopped) return;
        pendingOrder.current = null;
        clearPendingOrder();
        setState({ phase: "error", device, error: errorInfo(error) });
      }
    };
    timer = setTimeout(() => void poll(), POLL_MS[device]);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [order, device]);

  const cancel = useCallback(() => {
    const current = pendingOrder.current;
    pendingOrder.current = null;
    clearPendingOrder();
    setState({ phase: "idle" });
    if (current) void browserApi().post("/login/cancel", { order: current }).catch(() => undefined);
  }, []);

  // A dialog closed while BankID is waiting cancels the order. The check waits a tick, so that
  // React's development double-mount (unmount and mount again at once) cancels nothing.
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      setTimeout(() => {
        const current = pendingOrder.current;
        if (mounted.current || !current) return;
        pendingOrder.current = null;
        clearPendingOrder();
        void browserApi().post("/login/cancel", { order: current }).catch(() => undefined);
      }, 0);
    };
  }, []);

  /** Back from the BankID app on a fresh page: carry on polling the stored "this device" order. */
  const resume = useCallback(() => {
    const stored = readPendingOrder();
    if (!stored) return;
    pendingOrder.current = stored.order;
    setState({ phase: "pending", device: "same", qrData: "", hintCode: null, ...stored });
  }, []);

  const reset = useCallback(() => setState({ phase: "idle" }), []);
  return { state, start, cancel, reset, resume };
}
