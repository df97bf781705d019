// The reference of `bench:lighthouse`: the smallest App Router page Next makes, built with the project's own
// `next` and `react`, so the framework's cost is measured in the same run as the product's home page.
export const metadata = { title: 'Blank', description: 'A blank Next.js page.' };

export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
