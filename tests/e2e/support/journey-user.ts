import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import type { Locale } from "../../../common/i18n/locales.ts";
import { THEMES, type Theme } from "../../../app/lib/theme.ts";
import { violationsInAllThemes } from "./axe.ts";
import { message } from "./fixtures.ts";

/**
 * How the user works the page: with the mouse (Playwright's clicks and fills), or with the
 * keyboard alone — Tab and Shift+Tab to the control, where the focus must be visible, then
 * Enter, Space, arrow keys or typing.
 */
export class User {
  readonly page: Page;
  readonly locale: Locale;
  readonly keyboard: boolean;
  readonly width: number;
  /** Controls reached by keyboard whose focus was not visible. */
  readonly unseenFocus: string[] = [];
  /** The theme the server renders for this run (its cookie); null: the default, no axe checks. */
  theme: Theme | null = null;
  /** Axe findings at the checked steps, in every theme. */
  readonly axe: string[] = [];

  /** Axe at a step of the journey: all rules in the rendered theme, the colour rules in the other three. */
  async checkAxe(step: string): Promise<void> {
    if (!this.theme) return;
    for (const line of await violationsInAllThemes(this.page, this.theme, THEMES)) this.axe.push(`${step} ${line}`);
  }

  constructor(page: Page, locale: Locale, width: number, keyboard: boolean) {
    this.page = page;
    this.locale = locale;
    this.width = width;
    this.keyboard = keyboard;
  }

  m(key: string, values: Record<string, string | number> = {}): string {
    return message(this.locale, key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ""));
  }

  get phone(): boolean {
    return this.width < 768;
  }

  get main(): Locator {
    return this.page.getByRole("main");
  }

  get dialog(): Locator {
    return this.page.getByRole("dialog");
  }

  /** Moves the focus to the element by Tab or Shift+Tab (whichever way it lies) and checks it shows. */
  async tabTo(target: Locator, what: string): Promise<void> {
    const handle = await target.elementHandle({ timeout: 15_000 });
    if (!handle) throw new Error(`no ${what}`);
    for (let presses = 0; ; presses++) {
      const where = await this.page.evaluate((element) => {
        const active = document.activeElement;
        if (active === element) return "here";
        if (!active || active === document.body) return "after";
        return active.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING ? "after" : "before";
      }, handle);
      if (where === "here") break;
      if (presses > 250) throw new Error(`${what}: not reached by keyboard`);
      await this.page.keyboard.press(where === "after" ? "Tab" : "Shift+Tab");
    }
    const visible = await this.page.evaluate(() => {
      const shows = (element: Element | null) => {
        if (!element) return false;
        const style = getComputedStyle(element);
        const outline = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0;
        return outline || style.boxShadow !== "none";
      };
      const active = document.activeElement;
      // A visually hidden native input shows its focus on the custom control beside it.
      const proxy = active?.closest("label") ?? active?.nextElementSibling ?? null;
      return shows(active) || (active instanceof HTMLInputElement && shows(proxy));
    });
    if (!visible) this.unseenFocus.push(`${this.locale}: ${what}`);
    await handle.dispose();
  }

  /** Activates a link or button. */
  async press(target: Locator, what: string): Promise<void> {
    if (!this.keyboard) return target.click();
    await this.tabTo(target, what);
    await this.page.keyboard.press("Enter");
  }

  async fill(target: Locator, text: string, what: string): Promise<void> {
    if (!this.keyboard) return target.fill(text);
    await this.tabTo(target, what);
    await this.page.keyboard.press("ControlOrMeta+A");
    await this.page.keyboard.type(text);
  }

  /**
   * A date field: ISO by mouse; by keyboard typed part by part in the order Chromium shows them,
   * which follows its own interface language (American English here), not the page's.
   */
  async fillDate(target: Locator, iso: string, what: string): Promise<void> {
    if (!this.keyboard) return target.fill(iso);
    await this.tabTo(target, what);
    const format = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "2-digit", day: "2-digit", timeZone: "UTC" });
    await this.page.keyboard.type(format.format(new Date(`${iso}T12:00:00Z`)));
    expect(await target.inputValue(), what).toBe(iso);
  }

  async check(target: Locator, what: string): Promise<void> {
    if (!this.keyboard) return target.check();
    await this.tabTo(target, what);
    await this.page.keyboard.press("Space");
    expect(await target.isChecked(), what).toBe(true);
  }

  /**
   * Chooses option `index` of a radio group. Tab reaches a group at its chosen option (an answer
   * carried forward from an earlier screening), or at its first when none is chosen yet.
   */
  async choose(group: Locator, index: number, what: string): Promise<void> {
    const radios = group.getByRole("radio");
    if (!this.keyboard) return radios.nth(index).check();
    const chosen = await radios.evaluateAll((inputs) => inputs.findIndex((input) => (input as HTMLInputElement).checked));
    let at = Math.max(0, chosen);
    await this.tabTo(radios.nth(at), what);
    if (chosen < 0) await this.page.keyboard.press("Space");
    for (; at < index; at++) await this.page.keyboard.press("ArrowDown");
    for (; at > index; at--) await this.page.keyboard.press("ArrowUp");
    expect(await radios.nth(index).isChecked(), what).toBe(true);
  }

  /** Answers every question group in `scope` with the option `value` gives for the group's id. */
  async answerAll(scope: Locator, value: number | ((id: string) => number), what: string): Promise<void> {
    const groups = scope.getByRole("group");
    const count = await groups.count();
    for (let i = 0; i < count; i++) {
      const group = groups.nth(i);
      const id = (await group.getAttribute("id")) ?? "";
      await this.choose(group, typeof value === "number" ? value : value(id), `${what} ${i + 1}`);
    }
  }

  async heading(key: string, level?: number): Promise<void> {
    await this.page.getByRole("heading", { name: this.m(key), ...(level ? { level } : {}) }).first().waitFor();
  }

  /** A menu link: the side menu on a desktop, the mobile bar on a phone. */
  menu(name: string): Locator {
    return this.phone
      ? this.page.locator(".mobile-bar").getByRole("link", { name, exact: true })
      : this.page.getByRole("navigation", { name: this.m("nav.mainMenu") }).getByRole("link", { name, exact: true });
  }
}
