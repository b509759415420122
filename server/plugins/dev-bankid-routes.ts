import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { zodFieldErrors } from "../../common/schemas/field-errors.ts";
import { AppError } from "../lib/app-error.ts";
import { escapeHtml } from "../modules/mail/templates.ts";
import { SCAN_ACTIONS, SimError, simScan } from "../modules/bankid/simulator/simulator.ts";
import { TEST_IDENTITIES } from "../modules/bankid/simulator/test-identities.ts";

const scanBody = z
  .strictObject({
    qrData: z.string().min(1).max(200).optional(),
    autoStartToken: z.string().min(1).max(100).optional(),
    personalNumber: z.string().regex(/^\d{12}$/, "personal_number.invalid"),
    action: z.enum(SCAN_ACTIONS).default("approve"),
  })
  .refine((body) => (body.qrData === undefined) !== (body.autoStartToken === undefined), {
    message: "code.one_required",
    path: ["qrData"],
  });

const ACTION_LABELS: Record<(typeof SCAN_ACTIONS)[number], string> = {
  open: "Open the order (started)",
  sign: "Enter the security code (userSign)",
  approve: "Approve",
  cancel: "Cancel (userCancel)",
  expire: "Let it expire (expiredTransaction)",
  startFailed: "Start failed (startFailed)",
  certificateErr: "Certificate error (certificateErr)",
};

function formatNumber(value: string): string {
  return `${value.slice(0, 8)}-${value.slice(8)}`;
}

/** The development "test BankID app": what a phone would do with a QR code or autostart token. */
function appPage(nonce: string, prefill: string): string {
  const options = TEST_IDENTITIES.map(
    (identity) =>
      `<option value="${identity.personalNumber}">${escapeHtml(`${identity.givenName} ${identity.surname}`)} (${formatNumber(identity.personalNumber)})</option>`,
  ).join("");
  const buttons = SCAN_ACTIONS.map(
    (action) => `<button type="button" data-action="${action}">${escapeHtml(ACTION_LABELS[action])}</button>`,
  ).join(" ");
  const script = `
const form = document.getElementById("scan");
const result = document.getElementById("result");
form.addEventListener("click", async (event) => {
  const action = event.target instanceof HTMLButtonElement ? event.target.dataset.action : undefined;
  if (!action) return;
  const code = document.getElementById("code").value.trim();
  const other = document.getElementById("other").value.trim();
  const personalNumber = other || document.getElementById("identity").value;
  const body = { personalNumber, action, ...(code.startsWith("bankid.") ? { qrData: code } : { autoStartToken: code }) };
  result.textContent = "Sending…";
  const token = await fetch("/api/v1/csrftoken/", { credentials: "same-origin" }).then((r) => r.json());
  const response = await fetch("/dev/bankid/scan", {
    method: "POST",
    credentials: "same-origin",
    headers: { "content-type": "application/json", "x-csrftoken": token.csrfToken },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  result.textContent = response.ok
    ? "Order " + answer.status + (answer.hintCode ? " (" + answer.hintCode + ")" : "")
    : "Refused: " + (answer.details || answer.detail || answer.errorCode || response.status);
});`;
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>Test BankID app (development)</title>` +
    `<style nonce="${nonce}">body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;line-height:1.5}` +
    `label{display:block;font-weight:600;margin-top:1rem}textarea,select,input{width:100%;font:inherit;padding:.4rem}` +
    `fieldset{margin-top:1rem}button{font:inherit;margin:.25rem 0;padding:.4rem .8rem}</style></head><body><main>` +
    `<h1>Test BankID app</h1>` +
    `<p>Development only. This page does what the BankID app on a phone would do with a QR code or an ` +
    `autostart token, against the built-in BankID simulator.</p>` +
    `<form id="scan">` +
    `<label for="code">QR data or autostart token</label><textarea id="code" rows="3">${escapeHtml(prefill)}</textarea>` +
    `<label for="identity">Test identity</label><select id="identity">${options}</select>` +
    `<label for="other">Other personal number (12 digits, optional)</label><input id="other" inputmode="numeric" autocomplete="off">` +
    `<fieldset><legend>What the app does</legend>${buttons}</fieldset>` +
    `<p role="status" id="result"></p></form></main>` +
    `<script nonce="${nonce}">${script}</script></body></html>`
  );
}

/** Development routes of the simulator (DEV_PAGES and BANKID_MODE=simulator only). */
export function registerDevBankIdRoutes(app: FastifyInstance): void {
  const deps = { db: app.ctx.db, clock: app.ctx.clock };

  app.get("/dev/bankid", async (req, reply) => {
    const query = z.object({ autostarttoken: z.string().max(100).optional() }).safeParse(req.query);
    reply.type("text/html; charset=utf-8").header("Cache-Control", "no-store");
    return appPage(req.cspNonce, query.success ? (query.data.autostarttoken ?? "") : "");
  });

  app.post("/dev/bankid/scan", async (req, reply) => {
    const body: unknown = req.body ?? {};
    const parsed = scanBody.safeParse(body);
    if (!parsed.success) throw new AppError("request.invalid", { fields: zodFieldErrors(parsed.error, body, "body") });
    const { qrData, autoStartToken, personalNumber, action } = parsed.data;
    try {
      return await simScan(deps, {
        code: qrData !== undefined ? { qrData } : { autoStartToken: autoStartToken ?? "" },
        personalNumber,
        action,
      });
    } catch (error) {
      if (error instanceof SimError) return reply.code(error.status).send({ errorCode: error.errorCode, details: error.message });
      throw error;
    }
  });
}
