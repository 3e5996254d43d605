/** An e-mail link sign-in: the link arrives at the worker's test SMTP server. */
import { signInPage } from "foyer-auth/testing/playwright";
import { expect, test } from "./fixtures.js";

test("a fresh user asks for a link, follows it, and is signed in", async ({ page, mailbox, testUser }) => {
  const signIn = signInPage(page);
  await signIn.goto();
  await signIn.withEmail(testUser.email);
  const link = await mailbox.waitForLink(testUser.email);
  await page.goto(link);
  await expect(page.locator("#status")).toHaveText(`Signed in as ${testUser.email}`);
});
