import Link from "next/link";
import type { ReactNode } from "react";

export const metadata = { title: "Foyer × Next.js" };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body style={{ fontFamily: "system-ui, sans-serif", maxWidth: 640, margin: "2rem auto", padding: "0 1rem" }}>
        <nav style={{ display: "flex", gap: "1rem" }}>
          <Link href="/">Home</Link>
          <Link href="/dashboard">Dashboard</Link>
          <Link href="/embedded">Embedded sign-in</Link>
        </nav>
        {children}
      </body>
    </html>
  );
}
