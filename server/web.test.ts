import { EventEmitter } from "node:events";
import fc from "fast-check";
import type { FastifyReply, FastifyRequest } from "fastify";
import { describe, expect, it } from "vitest";
import { canonicalPagePath, toWebRequest } from "./web.ts";

describe("canonicalPagePath", () => {
  it("leaves an ordinary path alone", () => {
    for (const path of ["/", "/kurser", "/kurser/", "/en/courses/stress?modul=2", "/a?next=//x\\y"]) expect(canonicalPagePath(path)).toBeNull();
  });

  it("turns backslashes into slashes and empty segments into one slash, keeping the query", () => {
    expect(canonicalPagePath("//")).toBe("/");
    expect(canonicalPagePath("/\\")).toBe("/");
    expect(canonicalPagePath("//evil.example/kurser")).toBe("/evil.example/kurser");
    expect(canonicalPagePath("/\\/evil.example/?a=//b")).toBe("/evil.example/?a=//b");
    expect(canonicalPagePath("/kurser\\stress?modul=1")).toBe("/kurser/stress?modul=1");
  });

  it("answers a path on this host, without empty segments or backslashes, that it leaves alone", () => {
    const segment = fc.stringMatching(/^[a-zA-Z0-9.%\\/]{0,6}$/);
    const path = fc.tuple(fc.array(segment, { minLength: 1, maxLength: 5 }), fc.option(fc.string(), { nil: undefined }));
    fc.assert(
      fc.property(path, ([segments, query]) => {
        const url = `/${segments.join("/")}${query === undefined ? "" : `?${query}`}`;
        const canonical = canonicalPagePath(url) ?? url;
        const cut = canonical.indexOf("?");
        const pathname = cut === -1 ? canonical : canonical.slice(0, cut);
        expect(pathname.startsWith("/")).toBe(true);
        expect(pathname).not.toMatch(/\/\/|\\/);
        expect(new URL(canonical, "http://this.host").host).toBe("this.host");
        expect(canonicalPagePath(canonical)).toBeNull();
        expect(canonical.slice(cut === -1 ? canonical.length : cut)).toBe(url.slice(url.indexOf("?") === -1 ? url.length : url.indexOf("?")));
      }),
    );
  });
});

describe("toWebRequest", () => {
  const request = { protocol: "http", host: "kbt.test", url: "/kurser?x=1", method: "GET", headers: { cookie: "a=b", "x-list": ["1", "2"] } } as unknown as FastifyRequest;
  const replyWith = (raw: EventEmitter & { writableFinished: boolean }) => ({ raw }) as unknown as FastifyReply;

  it("gives React Router the page's URL and headers", () => {
    const web = toWebRequest(request, replyWith(Object.assign(new EventEmitter(), { writableFinished: false })));
    expect(web.url).toBe("http://kbt.test/kurser?x=1");
    expect(web.headers.get("cookie")).toBe("a=b");
    expect(web.headers.get("x-list")).toBe("1, 2");
  });

  it("aborts the render when the client leaves before the answer is sent, not after it", () => {
    const left = Object.assign(new EventEmitter(), { writableFinished: false });
    const gone = toWebRequest(request, replyWith(left));
    left.emit("close");
    expect(gone.signal.aborted).toBe(true);

    const answered = Object.assign(new EventEmitter(), { writableFinished: false });
    const done = toWebRequest(request, replyWith(answered));
    answered.writableFinished = true;
    answered.emit("close");
    expect(done.signal.aborted).toBe(false);
  });
});
