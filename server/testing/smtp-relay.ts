import { createServer } from "node:net";
import type { Socket } from "node:net";
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from "smtp-server";

/**
 * A real SMTP server on loopback for outage tests (the `smtp-server` package), started and stopped
 * by the test on a fixed port, so the app's SMTP_URL stays the same while the relay is down.
 * Modes: `accept` (250 after the message), `stall` (takes the connection, then says nothing),
 * `stall-after-ehlo` (greets and answers EHLO, then never answers MAIL FROM: one step goes silent),
 * `trickle` (answers MAIL FROM with reply lines that never end, one every TRICKLE_MS: the socket is
 * never idle long enough for a silence limit), `drop-after-data` (reads the whole message, then
 * closes without an answer: a lost acknowledgement), `reject` (550 to the message).
 */

export type RelayMode = "accept" | "stall" | "stall-after-ehlo" | "trickle" | "drop-after-data" | "reject";

/** How often a trickling relay sends a line: well inside any silence limit a test sets. */
const TRICKLE_MS = 50;

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  messageId: string | null;
}

export interface TestRelay {
  port: number;
  url: string;
  /** Messages the relay accepted (answered 250). */
  received: ReceivedMail[];
  /** Messages it read completely, whatever it answered. */
  transferred: number;
  /** Connections it took. */
  connections: number;
  mode: RelayMode;
  start(): Promise<void>;
  /** Stops listening and cuts every open connection (the relay is down). */
  stop(): Promise<void>;
}

/** A free loopback port (for a relay that is down before it is first started). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

function readAll(stream: SMTPServerDataStream): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    stream.on("error", reject);
  });
}

export async function createTestRelay(mode: RelayMode = "accept", port?: number): Promise<TestRelay> {
  const chosen = port ?? (await freePort());
  let server: SMTPServer | null = null;
  const sockets = new Set<Socket>();
  const relay: TestRelay = {
    port: chosen,
    url: `smtp://127.0.0.1:${chosen}`,
    received: [],
    transferred: 0,
    connections: 0,
    mode,
    async start() {
      if (server) return;
      const instance = new SMTPServer({
        authOptional: true,
        disabledCommands: ["AUTH", "STARTTLS"],
        logger: false,
        closeTimeout: 100,
        onConnect(session: SMTPServerSession, callback) {
          relay.connections += 1;
          if (relay.mode === "stall") return; // never greets
          callback();
        },
        onMailFrom(_address, session: SMTPServerSession, callback) {
          if (relay.mode === "stall-after-ehlo") return; // the callback is never called: no answer
          if (relay.mode !== "trickle") return callback();
          // A multi-line reply ("250-…") is not complete until a "250 " line, which never comes.
          const socket = [...sockets].find((s) => s.remotePort === session.remotePort);
          if (!socket) return callback(new Error("trickle: the session's connection is not known"));
          const timer = setInterval(() => socket.write("250-still thinking\r\n"), TRICKLE_MS);
          socket.once("close", () => clearInterval(timer));
        },
        onData(stream, session, callback) {
          void readAll(stream).then((raw) => {
            relay.transferred += 1;
            if (relay.mode === "drop-after-data") {
              // The message is here, the answer never leaves: cut every connection.
              for (const socket of sockets) socket.destroy();
              return;
            }
            if (relay.mode === "reject") return callback(Object.assign(new Error("mailbox unavailable"), { responseCode: 550 }));
            const id = /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1] ?? null;
            relay.received.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
              to: session.envelope.rcptTo.map((r) => r.address),
              raw,
              messageId: id,
            });
            callback();
          }, () => undefined); // cut off before the final dot: nothing was received
        },
      });
      instance.server.on("connection", (socket: Socket) => {
        sockets.add(socket);
        socket.on("close", () => sockets.delete(socket));
      });
      instance.on("error", () => undefined);
      await new Promise<void>((resolve, reject) => {
        instance.server.once("error", reject);
        instance.listen(chosen, "127.0.0.1", () => resolve());
      });
      server = instance;
    },
    async stop() {
      const instance = server;
      server = null;
      if (!instance) return;
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => instance.close(() => resolve()));
    },
  };
  return relay;
}

/** The plain-text part of a MIME message, decoded (quoted-printable or base64). */
export function textPart(raw: string): string {
  const part = /Content-Type: text\/plain[^\r\n]*\r?\n(?:[^\r\n]+\r?\n)*?\r?\n([\s\S]*?)(?:\r?\n--|$)/i.exec(raw);
  if (!part) throw new Error("no text part");
  const headerBlock = raw.slice(0, (part.index ?? 0) + part[0].indexOf(part[1] ?? ""));
  const encoding = /Content-Transfer-Encoding:\s*([\w-]+)/gi;
  let last = "";
  for (let m = encoding.exec(headerBlock); m; m = encoding.exec(headerBlock)) last = m[1]?.toLowerCase() ?? "";
  const body = part[1] ?? "";
  if (last === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (last === "quoted-printable") {
    const bytes = body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, "latin1").toString("utf8");
  }
  return body;
}
