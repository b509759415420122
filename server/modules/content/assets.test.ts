import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

describe("course illustrations", () => {
  it("serves a course's SVG and nothing else", async () => {
    const image = await app.inject({ url: "/content/courses/stress/stress.svg" });
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toContain("image/svg+xml");
    expect(image.body).toContain("<svg");
    expect((await app.inject({ url: "/content/courses/stress/course.yaml" })).statusCode).toBe(404);
    expect((await app.inject({ url: "/content/courses/stress/..%2Fsleep%2Fcourse.yaml" })).statusCode).toBe(404);
    expect((await app.inject({ url: "/content/courses/nope/nope.svg" })).statusCode).toBe(404);
  });
});
