import type { Page } from '@playwright/test';

/**
 * Whether the page scrolls sideways at its viewport's width, and if so which element sticks out: of the elements
 * whose right edge passes the viewport (and that no scrolling or clipping box of their own holds in), the one that
 * reaches furthest, the innermost on a tie, described by tag, test id, classes and the start of its text.
 */
export async function sidewaysOverflow(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const scroll = document.documentElement.scrollWidth;
    if (scroll <= width) return null;
    const clipped = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible') return true;
      }
      return false;
    };
    let worst: { element: Element; right: number } | null = null;
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.right <= width + 0.5 || clipped(element)) continue;
      if (!worst || box.right > worst.right + 0.5 || (Math.abs(box.right - worst.right) <= 0.5 && worst.element.contains(element)))
        worst = { element, right: box.right };
    }
    if (!worst) return `${scroll}px wide, no single element found`;
    const element = worst.element;
    const testId = element.getAttribute('data-testid');
    const classes = typeof element.className === 'string' ? element.className.split(/\s+/).slice(0, 6).join('.') : '';
    const text = (element.textContent ?? '').trim().slice(0, 40);
    return `${scroll}px wide: <${element.tagName.toLowerCase()}${testId ? ` data-testid="${testId}"` : ''}${classes ? ` class="${classes}"` : ''}> reaches ${Math.round(worst.right)}px ("${text}")`;
  });
}
