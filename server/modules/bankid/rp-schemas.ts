import { z } from "zod";

/** The BankID Relying Party API v6 JSON contract, shared by the client and the simulator. */

export const rpRequirement = z
  .object({
    pinCode: z.boolean().optional(),
    mrtd: z.boolean().optional(),
    cardReader: z.enum(["class1", "class2"]).optional(),
    certificatePolicies: z.array(z.string()).optional(),
    personalNumber: z.string().regex(/^\d{12}$/).optional(),
  })
  .loose();
export type RpRequirement = z.infer<typeof rpRequirement>;

export const rpWeb = z.object({
  referringDomain: z.string().max(253).optional(),
  userAgent: z.string().max(256).optional(),
  deviceIdentifier: z.string().max(256).optional(),
});

const base64 = z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/);

export const rpAuthRequest = z.object({
  endUserIp: z.string().min(1),
  requirement: rpRequirement.optional(),
  userVisibleData: base64.max(1500 * 4).optional(),
  userVisibleDataFormat: z.literal("simpleMarkdownV1").optional(),
  returnUrl: z.string().min(1).max(512).optional(),
  returnRisk: z.boolean().optional(),
  web: rpWeb.optional(),
});
export type RpAuthRequest = z.infer<typeof rpAuthRequest>;

export const rpSignRequest = rpAuthRequest.extend({ userVisibleData: base64.min(1).max(40_000) });
export type RpSignRequest = z.infer<typeof rpSignRequest>;

export const rpOrderResponse = z.object({
  orderRef: z.string().min(1),
  autoStartToken: z.string().min(1),
  qrStartToken: z.string().min(1),
  qrStartSecret: z.string().min(1),
});
export type RpOrderResponse = z.infer<typeof rpOrderResponse>;

export const rpOrderRefRequest = z.object({ orderRef: z.string().min(1) });

export const rpCompletionData = z.object({
  user: z.object({
    personalNumber: z.string().regex(/^\d{12}$/),
    name: z.string(),
    givenName: z.string(),
    surname: z.string(),
  }),
  device: z.object({ ipAddress: z.string(), uhi: z.string().optional() }),
  bankIdIssueDate: z.string().optional(),
  stepUp: z.object({ mrtd: z.boolean() }).optional(),
  signature: z.string().min(1),
  ocspResponse: z.string().min(1),
  risk: z.string().optional(),
});
export type RpCompletionData = z.infer<typeof rpCompletionData>;

export const rpCollectResponse = z.discriminatedUnion("status", [
  z.object({ orderRef: z.string(), status: z.literal("pending"), hintCode: z.string().optional() }),
  z.object({ orderRef: z.string(), status: z.literal("failed"), hintCode: z.string().optional() }),
  z.object({ orderRef: z.string(), status: z.literal("complete"), completionData: rpCompletionData }),
]);
export type RpCollectResponse = z.infer<typeof rpCollectResponse>;

export const RP_ERROR_CODES = [
  "alreadyInProgress",
  "invalidParameters",
  "unauthorized",
  "notFound",
  "methodNotAllowed",
  "requestTimeout",
  "unsupportedMediaType",
  "internalError",
  "maintenance",
] as const;

export const rpErrorResponse = z.object({ errorCode: z.string(), details: z.string().optional() });
