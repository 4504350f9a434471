/**
 * IP activation end to end (issue 13): a new user on the free trial activates a demo code on /ip
 * (typed in lower case), the licensed avatars then show unlocked in Start design; a used, an
 * expired and an unknown code are refused inline with the service's message.
 */

import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEMO_IP_CODES, EXPIRED_IP_CODE } from "../../prisma/seed.ts";
import { openWithToken, registerByApi, textOf, unique } from "./account-helpers.ts";
import { launchBrowser, newPage, screenshot } from "./browser.ts";

const baseUrl = inject("baseUrl");

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A retry must not reuse a code the failed attempt may have spent. */
let attempt = 0;

describe("IP activation", () => {
  it("activates a code and the licensed avatars show unlocked in Start design", async () => {
    const code = DEMO_IP_CODES[attempt++ % DEMO_IP_CODES.length] as string;
    const token = await registerByApi(baseUrl, `${unique("ip")}@example.com`, "Ip-pass-123");
    const trial = await fetch(`${baseUrl}/web-api/v1/vip/trial`, { method: "POST", headers: { authorization: token } });
    expect(((await trial.json()) as { code: number }).code).toBe(200);

    const page = await newPage(browser, { language: "EN" });
    await openWithToken(page, baseUrl, token, "/ip");
    await page.getByTestId("ip-form").waitFor();
    await page.evaluate(() => document.fonts.ready);
    await screenshot(page, "ip-en");

    // refused inline: unknown, expired
    await page.getByTestId("ip-code").fill("NOT-A-REAL-CODE");
    await page.getByTestId("ip-activate").click();
    expect(await textOf(page.getByTestId("ip-error"))).toBe("This activation code is not valid");
    await page.getByTestId("ip-code").fill(EXPIRED_IP_CODE.toLowerCase());
    await page.getByTestId("ip-activate").click();
    await expect.poll(() => page.getByTestId("ip-error").innerText()).toBe("This activation code has expired");

    await page.getByTestId("ip-code").fill(code.toLowerCase().replaceAll("-", " "));
    await page.getByTestId("ip-activate").click();
    await page.getByTestId("toast").filter({ hasText: "Activation successful" }).waitFor();
    const licence = page.getByTestId("ip-licence");
    expect(await textOf(licence.locator("h3"))).toBe("Starlight Idols");
    expect(await licence.innerText()).toContain("Mika (Starlight Idols)");
    await screenshot(page, "ip-activated-en");

    await licence.getByRole("button", { name: "Start design" }).click();
    await page.getByTestId("start-design-dialog").waitFor();
    await page.getByTestId("sex-female").click();
    const mika = page.getByTestId("role-card").filter({ hasText: "Mika (Starlight Idols)" });
    // the slider pages by eight: step on until the licensed avatar shows
    const next = page.getByTestId("slider-next");
    await expect
      .poll(
        async () => {
          if ((await mika.count()) > 0) return true;
          if (await next.isEnabled()) await next.click();
          return false;
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    expect(await mika.getAttribute("data-locked")).toBe("false");

    // the code is spent: another account is told so
    const other = await registerByApi(baseUrl, `${unique("ip2")}@example.com`, "Ip-pass-123");
    const again = await fetch(`${baseUrl}/web-api/v1/ip/activate`, {
      method: "POST",
      headers: { authorization: other, "content-type": "application/json", language: "EN" },
      body: JSON.stringify({ code }),
    });
    expect(((await again.json()) as { message: string }).message).toBe("This activation code has already been used");
    expect(page.errors).toEqual([]);
  });

  for (const language of ["ZH_CN", "ZH_TN"] as const) {
    it(`explains activation to a visitor (${language})`, async () => {
      const page = await newPage(browser, { language });
      await page.goto(`${baseUrl}/ip`);
      await page.getByTestId("ip-page").locator(".ip__activate a.btn").waitFor();
      await page.evaluate(() => document.fonts.ready);
      await screenshot(page, `ip-${language.toLowerCase()}`);
    });
  }
});
