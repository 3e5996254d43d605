/**
 * The built-in pages, as the server renders them: each page in light, dark and brand themes and in a
 * right-to-left locale. Every story is an axe test (preview.ts); the play functions check what a user
 * relies on: headings, labelled fields, the error announcement and the writing direction.
 */
import type { Meta, StoryObj } from "@storybook/web-components-vite";
import { expect, within } from "storybook/test";
import { BRAND_LOGO, renderPageStory, type PageName, type PageStoryArgs } from "./support/page-story.js";

const meta = {
  title: "Pages",
  args: { page: "signin", locale: "en", theme: { colorScheme: "light" } },
  render: (args) => renderPageStory(args),
} satisfies Meta<PageStoryArgs>;
export default meta;

type Story = StoryObj<PageStoryArgs>;

const LIGHT = { colorScheme: "light" } as const;
const DARK = { colorScheme: "dark" } as const;
const BRAND = { colorScheme: "light", brandColor: "#7c3aed", logo: BRAND_LOGO } as const;

function variants(page: PageName, extra: Partial<PageStoryArgs> = {}) {
  const story = (theme: PageStoryArgs["theme"], locale = "en"): Story => ({ args: { page, theme, locale, ...extra }, play: checkPage });
  return { light: story(LIGHT), dark: story(DARK), brand: story(BRAND), rtl: story(LIGHT, "ar") };
}

/** Checks shared by every page story. */
async function checkPage({ canvasElement, args }: { canvasElement: HTMLElement; args: PageStoryArgs }) {
  const canvas = within(canvasElement);
  await expect(canvas.getByRole("heading", { level: 1 })).toBeVisible();
  for (const input of canvasElement.querySelectorAll("input:not([type=hidden])")) {
    await expect(canvasElement.querySelector(`label[for="${input.id}"]`)).not.toBeNull();
  }
  await expect(document.documentElement.dir).toBe(args.locale === "ar" ? "rtl" : "ltr");
  const heading = canvas.getByRole("heading", { level: 1 });
  await expect(getComputedStyle(heading).direction).toBe(args.locale === "ar" ? "rtl" : "ltr");
  if (args.theme.logo) await expect(canvasElement.querySelector("img.logo")).not.toBeNull();
}

const signin = variants("signin");
export const SignInLight = signin.light;
export const SignInDark = signin.dark;
export const SignInBrand = signin.brand;
export const SignInRtl = signin.rtl;

export const SignInWithError: Story = {
  args: { page: "signin", theme: LIGHT, locale: "en", error: "CredentialsSignin" },
  play: async (context) => {
    await checkPage(context);
    const alert = within(context.canvasElement).getByRole("alert");
    await expect(alert).toHaveTextContent("Sign in failed. Check the details you provided are correct.");
    await expect(within(context.canvasElement).getByLabelText("Password")).toHaveAttribute("autocomplete", "current-password");
  },
};

export const SignInWithErrorDarkRtl: Story = {
  args: { page: "signin", theme: DARK, locale: "ar", error: "CredentialsSignin" },
  play: async (context) => {
    await checkPage(context);
    await expect(within(context.canvasElement).getByRole("alert")).toBeVisible();
  },
};

const signout = variants("signout");
export const SignOutLight = signout.light;
export const SignOutDark = signout.dark;
export const SignOutBrand = signout.brand;
export const SignOutRtl = signout.rtl;

const error = variants("error", { error: "AccessDenied" });
export const ErrorLight = error.light;
export const ErrorDark = error.dark;
export const ErrorBrand = error.brand;
export const ErrorRtl = error.rtl;

const verify = variants("verify-request");
export const VerifyRequestLight = verify.light;
export const VerifyRequestDark = verify.dark;
export const VerifyRequestBrand = verify.brand;
export const VerifyRequestRtl = verify.rtl;
