"use server";
import { AuthError } from "foyer-auth/next";
import { signIn, signOut } from "@/auth";

/** The sign-in form's action: next-auth's documented pattern, unchanged. */
export async function authenticate(_previous: string | undefined, formData: FormData): Promise<string | undefined> {
  try {
    await signIn("credentials", formData);
  } catch (error) {
    if (error instanceof AuthError) return error.type === "CredentialsSignin" ? "Wrong e-mail or password." : "Something went wrong.";
    throw error; // Next's redirect after a successful sign-in
  }
}

export async function logout() {
  await signOut({ redirectTo: "/" });
}
