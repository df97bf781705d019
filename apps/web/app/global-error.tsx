'use client';

import './globals.css';

/**
 * The last resort when the root layout itself fails: no translations or providers are available,
 * so the screen says the essentials in both languages.
 */
export default function GlobalError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <html lang="en">
      <body className="flex min-h-dvh items-center justify-center bg-background font-sans text-foreground">
        <main className="max-w-lg space-y-4 p-6 text-center">
          <p className="text-7xl font-bold text-primary">500</p>
          <h1 className="text-2xl font-semibold">
            Internal server error · <span lang="zh-CN">服务器内部错误</span>
          </h1>
          <div className="flex flex-wrap justify-center gap-3">
            <button
              type="button"
              className="rounded-md bg-primary px-4 py-2 text-primary-foreground"
              onClick={() => {
                reset();
                // The root layout failed, so the client router cannot be trusted: load the page afresh.
                // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- a full load is the point
                window.location.assign('/');
              }}
            >
              Back to home page · <span lang="zh-CN">返回首页</span>
            </button>
            <button
              type="button"
              className="rounded-md border border-border px-4 py-2"
              onClick={() => {
                reset();
                window.history.back();
              }}
            >
              Back to previous page · <span lang="zh-CN">返回上一页</span>
            </button>
          </div>
        </main>
      </body>
    </html>
  );
}
