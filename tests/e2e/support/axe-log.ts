import type { Page } from "playwright-core";
import { THEMES } from "../../../app/lib/theme.ts";
import { axeViolations, violationsInAllThemes } from "./axe.ts";

/** Axe findings of one journey, reported together at the end. */
export class AxeLog {
  readonly problems: string[] = [];
  private readonly page: Page;
  private readonly name: string;

  constructor(page: Page, name: string) {
    this.page = page;
    this.name = name;
  }

  /** All WCAG rules in the rendered (green) theme. */
  async check(step: string): Promise<void> {
    for (const violation of await axeViolations(this.page))
      this.problems.push(`${this.name} ${step}: ${violation}`);
  }

  /** All rules in the rendered (green) theme, then the colour rules in each other theme, switched in place. */
  async checkThemes(step: string): Promise<void> {
    for (const line of await violationsInAllThemes(this.page, THEMES[0], THEMES)) this.problems.push(`${this.name} ${step} ${line}`);
  }
}
