import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Button } from "./button.tsx";

describe("Button", () => {
  it("renders a submit button disabled in the server's HTML, so a form cannot be submitted natively before hydration", () => {
    const html = renderToStaticMarkup(<Button type="submit">Send</Button>);
    expect(html).toMatch(/^<button[^>]* type="submit"[^>]* disabled=""/);
  });

  it("renders other buttons enabled in the server's HTML", () => {
    const html = renderToStaticMarkup(<Button>Open</Button>);
    expect(html).toContain('type="button"');
    expect(html).not.toContain("disabled");
  });

  it("marks a busy button busy and disabled", () => {
    const html = renderToStaticMarkup(<Button busy>Saving</Button>);
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain('disabled=""');
  });
});
