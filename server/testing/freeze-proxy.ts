import net from "node:net";

/**
 * A TCP proxy in front of PostgreSQL (or Redis) that the test makes go silent: freeze() leaves every open
 * connection without an answer for good (a server that vanished without closing its sockets, as
 * in a failover or a network partition) and accepts new ones without answering them either;
 * thaw() lets new connections through again. SIGSTOP on the postmaster is not the same: the
 * backends serving the connections are processes of their own.
 */
export interface FreezeProxy {
  /** The target's URL with the proxy's address. */
  url: string;
  freeze(): void;
  thaw(): void;
  close(): Promise<void>;
}

interface Link {
  silent: boolean;
  sockets: net.Socket[];
}

/** Forwards `from`'s bytes and its end to `to` while the link is not silent. */
function forward(link: Link, from: net.Socket, to: net.Socket): void {
  from.on("data", (chunk: Buffer) => {
    if (!link.silent) to.write(chunk);
  });
  from.on("close", () => {
    if (!link.silent) to.destroy();
  });
  from.on("error", () => undefined);
}

export async function freezeProxy(targetUrl: string): Promise<FreezeProxy> {
  const target = new URL(targetUrl);
  let frozen = false;
  const links = new Set<Link>();
  const server = net.createServer((client) => {
    // PostgreSQL's port when the URL names none.
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    const link: Link = { silent: frozen, sockets: [client, upstream] };
    links.add(link);
    forward(link, client, upstream);
    forward(link, upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = new URL(targetUrl);
  url.hostname = "127.0.0.1";
  url.port = String((server.address() as net.AddressInfo).port);
  return {
    url: url.toString(),
    freeze() {
      frozen = true;
      for (const link of links) link.silent = true;
    },
    thaw() {
      frozen = false;
    },
    async close() {
      for (const link of links) for (const socket of link.sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
