import {
  createCipheriv,
  createDecipheriv,
  createSecretKey,
  randomBytes,
  type KeyObject,
} from "node:crypto";

/**
 * AES-256-GCM encryption of single database fields, with key ids for rotation.
 *
 * Keys come from a config string `id:base64key[,id:base64key...]` of 32-byte keys: the first key
 * encrypts, every key decrypts. A token is `v1.<keyId>.<base64url iv>.<base64url ciphertext+tag>`.
 * The version and key id are bound into the authenticated data together with the caller's `aad`
 * (for example `users.totp_secret:<userId>`), so a value copied to another row, column or key id
 * does not decrypt. An omitted `aad` is the same as an empty one.
 *
 * Error messages name the problem and, once it is well formed, the key id; never a key, a
 * plaintext or a token.
 */

const TOKEN_VERSION = "v1";
const ALGORITHM = "aes-256-gcm";
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_ID_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;
const BASE64_PATTERN = /^[A-Za-z0-9+/]+={0,2}$/;
const BASE64URL_PATTERN = /^[A-Za-z0-9_-]+$/;

/** Encrypts and decrypts field values with the configured keys. */
export interface FieldCipher {
  /** Encrypts `plain` with the current (first) key; `aad` binds the token to its row and column. */
  encrypt(plain: string, aad?: string): string;
  /** Decrypts a token made by any configured key; throws `FieldDecryptionError` on any failure. */
  decrypt(token: string, aad?: string): string;
  /** True when the token was not made with the current key and should be encrypted again. */
  needsReencrypt(token: string): boolean;
}

/** A bad `FIELD_ENCRYPTION_KEYS` value. */
export class FieldKeyConfigError extends Error {
  constructor(problem: string) {
    super(`Invalid field encryption keys: ${problem}`);
    this.name = "FieldKeyConfigError";
  }
}

/** A token that cannot be decrypted: malformed, unknown key id, tampered or wrong `aad`. */
export class FieldDecryptionError extends Error {
  constructor(problem: string) {
    super(`Field decryption failed: ${problem}`);
    this.name = "FieldDecryptionError";
  }
}

interface FieldKey {
  id: string;
  key: KeyObject;
}

interface ParsedToken {
  keyId: string;
  iv: Buffer;
  ciphertext: Buffer;
  tag: Buffer;
}

function parseKeyEntry(entry: string, position: number): FieldKey {
  const colon = entry.indexOf(":");
  if (colon < 0) throw new FieldKeyConfigError(`entry ${position} is not of the form id:base64key`);
  const id = entry.slice(0, colon).trim();
  const encoded = entry.slice(colon + 1).trim();
  if (!KEY_ID_PATTERN.test(id)) {
    throw new FieldKeyConfigError(
      `entry ${position} has an invalid key id (use 1-32 of A-Z a-z 0-9 _ -)`,
    );
  }
  if (!BASE64_PATTERN.test(encoded))
    throw new FieldKeyConfigError(`key "${id}" is not valid base64`);
  const bytes = Buffer.from(encoded, "base64");
  if (bytes.length !== KEY_BYTES) {
    throw new FieldKeyConfigError(`key "${id}" must be ${KEY_BYTES} bytes, got ${bytes.length}`);
  }
  return { id, key: createSecretKey(bytes) };
}

/** Parses the key list, first (encrypting) key first; rejects empty, malformed and duplicate entries. */
function parseFieldKeys(keysConfig: string): FieldKey[] {
  const entries = keysConfig.split(",").map((entry) => entry.trim());
  if (entries.length === 1 && entries[0] === "")
    throw new FieldKeyConfigError("no keys are configured");
  const keys: FieldKey[] = [];
  const seen = new Set<string>();
  entries.forEach((entry, index) => {
    if (entry === "") throw new FieldKeyConfigError(`entry ${index + 1} is empty`);
    const key = parseKeyEntry(entry, index + 1);
    if (seen.has(key.id)) throw new FieldKeyConfigError(`duplicate key id "${key.id}"`);
    seen.add(key.id);
    keys.push(key);
  });
  return keys;
}

/** Strict base64url: only the url-safe alphabet, no padding, and only canonical encodings. */
function decodeBase64Url(part: string, what: string): Buffer {
  const bytes = Buffer.from(part, "base64url");
  if (!BASE64URL_PATTERN.test(part) || bytes.toString("base64url") !== part) {
    throw new FieldDecryptionError(`malformed token (${what} is not base64url)`);
  }
  return bytes;
}

function parseToken(token: string): ParsedToken {
  const parts = token.split(".");
  if (parts.length !== 4)
    throw new FieldDecryptionError("malformed token (expected 4 dot-separated parts)");
  const [version = "", keyId = "", ivPart = "", bodyPart = ""] = parts;
  if (version !== TOKEN_VERSION) throw new FieldDecryptionError("unsupported token version");
  if (!KEY_ID_PATTERN.test(keyId))
    throw new FieldDecryptionError("malformed token (invalid key id)");
  const iv = decodeBase64Url(ivPart, "iv");
  if (iv.length !== IV_BYTES)
    throw new FieldDecryptionError(`malformed token (iv must be ${IV_BYTES} bytes)`);
  const body = decodeBase64Url(bodyPart, "ciphertext");
  if (body.length < TAG_BYTES)
    throw new FieldDecryptionError("malformed token (ciphertext too short)");
  const split = body.length - TAG_BYTES;
  return { keyId, iv, ciphertext: body.subarray(0, split), tag: body.subarray(split) };
}

/** The authenticated data: the token header, then the caller's context. The id cannot hold a dot. */
function associatedData(keyId: string, aad: string | undefined): Buffer {
  return Buffer.from(`${TOKEN_VERSION}.${keyId}.${aad ?? ""}`, "utf8");
}

function encryptWith(key: FieldKey, plain: string, aad: string | undefined): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key.key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(associatedData(key.id, aad));
  const ciphertext = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  const body = Buffer.concat([ciphertext, cipher.getAuthTag()]);
  return [TOKEN_VERSION, key.id, iv.toString("base64url"), body.toString("base64url")].join(".");
}

function decryptWith(key: FieldKey, token: ParsedToken, aad: string | undefined): string {
  try {
    const decipher = createDecipheriv(ALGORITHM, key.key, token.iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(associatedData(key.id, aad));
    decipher.setAuthTag(token.tag);
    return Buffer.concat([decipher.update(token.ciphertext), decipher.final()]).toString("utf8");
  } catch {
    throw new FieldDecryptionError(
      `authentication failed for key "${key.id}" (tampered data or wrong associated data)`,
    );
  }
}

/**
 * Creates a field cipher from `id:base64key[,id:base64key...]` (32-byte keys). The first key
 * encrypts; all keys decrypt, so a new key is rolled out by putting it first and keeping the old
 * ones until `needsReencrypt` finds no more tokens. Throws `FieldKeyConfigError` on a bad config.
 */
export function createFieldCipher(keysConfig: string): FieldCipher {
  const keys = parseFieldKeys(keysConfig);
  const primary = keys[0];
  if (!primary) throw new FieldKeyConfigError("no keys are configured");
  const byId = new Map(keys.map((key) => [key.id, key]));
  return {
    encrypt: (plain, aad) => encryptWith(primary, plain, aad),
    decrypt(token, aad) {
      const parsed = parseToken(token);
      const key = byId.get(parsed.keyId);
      if (!key) throw new FieldDecryptionError(`unknown key id "${parsed.keyId}"`);
      return decryptWith(key, parsed, aad);
    },
    needsReencrypt: (token) => parseToken(token).keyId !== primary.id,
  };
}
